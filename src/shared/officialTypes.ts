/** The business a letter belongs to. */
export type LetterBusiness = 'trademark' | 'copyright';

/**
 * The class of a letter (spec 001 §5), which decides the extra fields its form asks: 1 registration
 * certificate, 2 renewal certificate, 3 change and 4 transfer certificate, 5 opposition and ruling
 * notices; 0 any other letter.
 */
export type OfficialDocumentClass = 0 | 1 | 2 | 3 | 4 | 5;

/** One entry of the letter-type catalogue (schemas/dicts/official-types.json, or an organisation's edited copy). */
export interface OfficialTypeEntry {
  /** Stable key of a built-in entry; an organisation's own entries get one too. */
  value: string;
  /** officalType: the letter's name as CNIPA prints it. */
  label: string;
  documentClass: OfficialDocumentClass;
  business: LetterBusiness;
  /** Deadline rule for electronic delivery (see `parseDeadlineRule`); empty: the letter asks no answer. */
  electronicDelivery: string;
  /** Deadline rule for paper delivery. */
  paperDelivery: string;
  /** The law the rule comes from. */
  article: string;
  /** What must be done by the deadline (提出驳回复审…). */
  action?: string;
  /** Words that identify the letter in its text; the longest match wins. */
  keywords: string[];
  /** The archive status the letter shows the mark to be in. */
  markStatus?: string;
}

/**
 * The catalogue entry of a letter type, by its name (officalType), or by another name the letter is
 * printed under (one of its keywords, e.g. 商标驳回通知书 for 驳回通知书) of the business asked;
 * undefined when the catalogue has none.
 */
export function findOfficialType(catalog: readonly OfficialTypeEntry[], name: string, business?: LetterBusiness): OfficialTypeEntry | undefined {
  const wanted = name.trim();
  const ofBusiness = business ? catalog.filter((entry) => entry.business === business) : catalog;
  return ofBusiness.find((entry) => entry.label === wanted) ?? ofBusiness.find((entry) => entry.keywords.includes(wanted));
}

/**
 * How a letter of this type is taken to have been delivered when nobody said: electronically,
 * unless its type has a deadline rule for paper delivery only (the copyright centre posts its
 * letters), so that a letter asking an answer never goes without its deadline.
 */
export function defaultDeliveryMethod(entry: Pick<OfficialTypeEntry, 'electronicDelivery' | 'paperDelivery'>): '电子' | '纸质' {
  return !entry.electronicDelivery.trim() && entry.paperDelivery.trim() ? '纸质' : '电子';
}
