/** Applicant type 0: a natural person (spec 000 §3). */
export const PERSONAL_APPLICANT = 0;

const SEPARATOR = '--';

/**
 * A personal applicant's stored name has the detailed address appended after a double dash
 * (spec 000 §3: 周明--上海市徐汇区漕溪北路 12 号). The name a person reads is the part before it.
 */
export function applicantDisplayName(stored: string, applicantType: number): string {
  if (applicantType !== PERSONAL_APPLICANT) return stored;
  const at = stored.indexOf(SEPARATOR);
  return at > 0 ? stored.slice(0, at).trim() : stored;
}

/** The address a personal applicant's stored name carries after the double dash, if any. */
export function addressInStoredName(stored: string, applicantType: number): string | null {
  if (applicantType !== PERSONAL_APPLICANT) return null;
  const at = stored.indexOf(SEPARATOR);
  const address = at > 0 ? stored.slice(at + SEPARATOR.length).trim() : '';
  return address || null;
}

/** The stored form of a name: a personal applicant's name with its address appended, anyone else's as it is. */
export function storedApplicantName(name: string, address: string | null, applicantType: number): string {
  const display = applicantDisplayName(name.trim(), applicantType);
  return applicantType === PERSONAL_APPLICANT && address ? `${display}${SEPARATOR}${address}` : display;
}
