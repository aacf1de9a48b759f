/** The background job matching one organisation's marks, shared by the periodic run and 立即比对. */
export const gazetteJobKey = (orgId: number) => `gazette:${orgId}`;
