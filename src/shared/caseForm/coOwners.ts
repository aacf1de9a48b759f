/** One co-owner of a case (bizParam.coOwnerInfo). */
export interface CoOwner {
  name: string;
  nameEn?: string;
  address: string;
  addressEn?: string;
  creditCode?: string;
}

/** The rows of a stored value: anything not a list of objects is no rows. */
export function coOwnerRows(value: unknown): CoOwner[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((row): row is Record<string, unknown> => row !== null && typeof row === 'object')
    .map((row) => ({
      name: String(row.name ?? ''),
      nameEn: row.nameEn === undefined ? undefined : String(row.nameEn),
      address: String(row.address ?? ''),
      addressEn: row.addressEn === undefined ? undefined : String(row.addressEn),
      creditCode: row.creditCode === undefined ? undefined : String(row.creditCode),
    }));
}

/** The Chinese message for a row the filing cannot use, or null. */
export function coOwnerProblem(row: CoOwner): string | null {
  if (!row.name.trim()) return '请填写共有人名称';
  if (!row.address.trim()) return '请填写共有人地址';
  return null;
}
