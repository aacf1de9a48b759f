import { Packer } from 'docx';
import { changeForm, CHANGE_TITLE } from './changeForm.js';
import type { FilingFormInput, FilingFormKind } from './filingFormInput.js';
import { formDocument, type FormContent } from './filingFormLayout.js';
import { invalidationForm, INVALIDATION_TITLE } from './invalidationForm.js';
import { licenseRecordForm, LICENSE_RECORD_TITLE } from './licenseRecordForm.js';
import { nonUseCancellationForm, NON_USE_CANCELLATION_TITLE } from './nonUseCancellationForm.js';
import { objectionForm, OBJECTION_TITLE } from './objectionForm.js';
import { registrationForm, REGISTRATION_TITLE } from './registrationForm.js';
import { rejectRecheckForm, REJECT_RECHECK_TITLE } from './rejectRecheckForm.js';
import { renewalForm, RENEWAL_TITLE } from './renewalForm.js';
import { transferForm, TRANSFER_TITLE } from './transferForm.js';

const FORMS: Record<FilingFormKind, (input: FilingFormInput) => FormContent> = {
  registration: registrationForm,
  renewal: renewalForm,
  transfer: transferForm,
  change: changeForm,
  licenseRecord: licenseRecordForm,
  objection: objectionForm,
  rejectRecheck: rejectRecheckForm,
  invalidation: invalidationForm,
  nonUseCancellation: nonUseCancellationForm,
};

/** The official title of each form (some contain “/”: make a file name with filingFormFileName). */
export const FILING_FORM_TITLES: Record<FilingFormKind, string> = {
  registration: REGISTRATION_TITLE,
  renewal: RENEWAL_TITLE,
  transfer: TRANSFER_TITLE,
  change: CHANGE_TITLE,
  licenseRecord: LICENSE_RECORD_TITLE,
  objection: OBJECTION_TITLE,
  rejectRecheck: REJECT_RECHECK_TITLE,
  invalidation: INVALIDATION_TITLE,
  nonUseCancellation: NON_USE_CANCELLATION_TITLE,
};

/** The filled CNIPA form of `kind` as a Word (.docx) file. */
export async function filingFormDocx(kind: FilingFormKind, input: FilingFormInput): Promise<Buffer> {
  return Packer.toBuffer(formDocument(FORMS[kind](input)));
}

/** A download name for a form: the mark's name and the form's title, with characters file systems refuse replaced. */
export function filingFormFileName(kind: FilingFormKind, markName: string): string {
  const safe = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, '_').replace(/^_+|_+$/g, '');
  return `${[safe(markName), safe(FILING_FORM_TITLES[kind])].filter(Boolean).join('-')}.docx`;
}
