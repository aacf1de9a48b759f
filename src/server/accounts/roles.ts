/** The role name that marks an agency user (spec 000 §6). */
export const AGENCY_ROLE_NAME = '代理机构';
