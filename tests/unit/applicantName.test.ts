import { describe, expect, it } from 'vitest';
import { addressInStoredName, applicantDisplayName, storedApplicantName } from '../../src/shared/applicantName.js';

describe('a personal applicant’s stored name (name--address, spec 000 §3)', () => {
  it('shows only the name of a personal applicant; anyone else’s name as it is', () => {
    expect(applicantDisplayName('周明--上海市徐汇区漕溪北路 12 号', 0)).toBe('周明');
    expect(applicantDisplayName('周明', 0)).toBe('周明');
    expect(applicantDisplayName('甲--乙有限公司', 1)).toBe('甲--乙有限公司');
    expect(addressInStoredName('周明--上海市徐汇区漕溪北路 12 号', 0)).toBe('上海市徐汇区漕溪北路 12 号');
    expect(addressInStoredName('周明', 0)).toBeNull();
    expect(addressInStoredName('甲--乙', 1)).toBeNull();
  });

  it('stores a personal applicant with the address appended, once', () => {
    expect(storedApplicantName('张三', '北京市海淀区', 0)).toBe('张三--北京市海淀区');
    expect(storedApplicantName('张三--旧地址', '北京市海淀区', 0)).toBe('张三--北京市海淀区');
    expect(storedApplicantName(' 张三 ', null, 0)).toBe('张三');
    expect(storedApplicantName('某某有限公司', '北京市海淀区', 1)).toBe('某某有限公司');
  });
});
