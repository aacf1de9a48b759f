import { describe, expect, it } from 'vitest';
import { defaultDeliveryMethod } from '../../src/shared/officialTypes.js';

describe('the delivery method a letter is taken to have come by', () => {
  it('is electronic unless only paper delivery has a deadline rule', () => {
    expect(defaultDeliveryMethod({ electronicDelivery: '15d', paperDelivery: '15d' })).toBe('电子');
    expect(defaultDeliveryMethod({ electronicDelivery: '', paperDelivery: '' })).toBe('电子');
    // The copyright centre's correction notice counts from the postmark only.
    expect(defaultDeliveryMethod({ electronicDelivery: '', paperDelivery: '30d' })).toBe('纸质');
    expect(defaultDeliveryMethod({ electronicDelivery: '15d', paperDelivery: '' })).toBe('电子');
  });
});
