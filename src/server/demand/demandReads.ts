import { sql } from 'kysely';
import type { DemandApprover, DemandDetail, DemandFlowChart, DemandMark, DemandStep, DemandSummary } from '../../generated/types.js';
import { walkToNextStop, startNode } from '../../shared/approvalFlow/flowWalk.js';
import type { Session } from '../auth/session.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import { availableCaseTypes, caseTypeVersion, statusTitle } from '../cases/caseTypes.js';
import { logoUrl } from '../trademarks/trademarkRecord.js';
import { SEE_ALL, iso, userNames, type DemandRow } from './demandStore.js';
import { demandTypeOut, type ProposalType } from './demandTypes.js';

type Viewer = Pick<Session, 'userId' | 'permissions'>;

/** The titles of the proposal types by name (the current version's; an old version's proposals show the same name). */
export async function typeTitles(db: ScopedDb, schemas: SchemaLibrary): Promise<Map<string, string>> {
  return new Map((await availableCaseTypes(db, schemas)).map((t) => [t.name, t.title]));
}

async function marksOf(db: ScopedDb, demandIds: number[]): Promise<Map<number, DemandMark[]>> {
  const out = new Map<number, DemandMark[]>();
  if (demandIds.length === 0) return out;
  const rows = await db
    .selectFrom('demand_marks as m')
    .innerJoin('brand_archives as b', 'b.id', 'm.brand_id')
    .select(['m.demand_id', 'b.id', 'b.tm_name', 'b.app_no', 'b.int_cls', 'b.logo_path'])
    .where('m.demand_id', 'in', demandIds)
    .orderBy('m.position')
    .orderBy('b.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.demand_id) ?? [];
    list.push({ brandId: r.id, tmName: r.tm_name, appNo: r.app_no, intCls: r.int_cls === null ? '' : String(r.int_cls), logo: logoUrl(r.logo_path) });
    out.set(r.demand_id, list);
  }
  return out;
}

/** Every approver row of these proposals with their names, first asked first. */
async function approverRows(db: ScopedDb, demandIds: number[], onlyWaiting = false) {
  if (demandIds.length === 0) return [];
  return db
    .selectFrom('demand_step_approvers as a')
    .innerJoin('demand_steps as s', 's.id', 'a.step_id')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('users as f', 'f.id', 'a.reassigned_from_user_id')
    .select([
      'a.id',
      'a.demand_id',
      'a.step_id',
      'a.user_id',
      'a.decision',
      'a.comment',
      'a.decided_at',
      'a.reassign_reason',
      's.round',
      's.node_id',
      's.node_name',
      's.to_admins',
      's.state as step_state',
      'u.display_name as user_name',
      'f.display_name as from_name',
    ])
    .where('a.demand_id', 'in', demandIds)
    .$if(onlyWaiting, (q) => q.where('s.state', '=', 'waiting'))
    .orderBy('a.id')
    .execute();
}

type ApproverRowOut = Awaited<ReturnType<typeof approverRows>>[number];

const approverOut = (a: ApproverRowOut): DemandApprover => ({
  id: a.id,
  stepId: a.step_id,
  round: a.round,
  nodeId: a.node_id,
  nodeName: a.node_name,
  userId: a.user_id,
  userName: a.user_name ?? '',
  decision: a.decision,
  comment: a.comment,
  decidedAt: iso(a.decided_at),
  reassignedFromName: a.from_name,
  reassignReason: a.reassign_reason,
  toAdmins: a.to_admins,
});

/** List rows for these proposals, in the order given. */
export async function demandSummaries(db: ScopedDb, schemas: SchemaLibrary, rows: DemandRow[], viewer: Viewer): Promise<DemandSummary[]> {
  const ids = rows.map((r) => r.id);
  const [titles, marks, waiting, submitters] = await Promise.all([
    typeTitles(db, schemas),
    marksOf(db, ids),
    approverRows(db, ids, true),
    ids.length === 0
      ? []
      : db
          .selectFrom('users')
          .select(['id', 'display_name'])
          .where('id', 'in', [...new Set(rows.map((r) => r.submitter_id ?? 0))])
          .execute(),
  ]);
  return rows.map((r) => {
    const current = waiting.filter((a) => a.demand_id === r.id);
    const pending = current.filter((a) => a.decision === 'pending');
    return {
      id: r.id,
      demandNo: r.demand_no,
      typeName: r.type_name,
      typeTitle: titles.get(r.type_name) ?? r.type_name,
      title: r.title,
      state: r.state,
      submitterId: r.submitter_id,
      submitterName: r.submitter_id === null ? (r.contact?.name ?? '外部提交人') : (submitters.find((u) => u.id === r.submitter_id)?.display_name ?? ''),
      source: r.source,
      currentNodes: [...new Set(current.map((a) => a.node_name))],
      currentApprovers: pending.map((a) => ({ id: a.user_id, name: a.user_name ?? '' })),
      mineToApprove: pending.some((a) => a.user_id === viewer.userId),
      marks: marks.get(r.id) ?? [],
      round: r.round,
      createdAt: iso(r.created_at)!,
      updatedAt: iso(r.updated_at)!,
      submittedAt: iso(r.submitted_at),
      decidedAt: iso(r.decided_at),
    };
  });
}

/** Everything about one proposal the viewer may see, with what they may do on it. */
export async function demandDetail(db: ScopedDb, schemas: SchemaLibrary, row: DemandRow, type: ProposalType, viewer: Viewer): Promise<DemandDetail> {
  const [summary] = await demandSummaries(db, schemas, [row], viewer);
  const [approvers, steps, participants, letters, cases, link] = await Promise.all([
    approverRows(db, [row.id]),
    db.selectFrom('demand_steps').selectAll().where('demand_id', '=', row.id).where('state', '=', 'waiting').orderBy('id').execute(),
    db
      .selectFrom('demand_participants as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['u.id', 'u.display_name'])
      .where('p.demand_id', '=', row.id)
      .orderBy('p.created_at')
      .orderBy('u.id')
      .execute(),
    db
      .selectFrom('demand_letters as l')
      .innerJoin('official_documents as o', 'o.id', 'l.document_id')
      .select(['o.id', 'o.document_type', 'o.app_no', 'o.receive_date', 'o.official_limit'])
      .where('l.demand_id', '=', row.id)
      .orderBy('l.created_at')
      .execute(),
    db
      .selectFrom('demand_cases as dc')
      .innerJoin('cases as c', 'c.id', 'dc.case_id')
      .select(['c.case_no', 'c.case_type', 'c.status', 'c.type_version_id', 'dc.country', 'dc.int_cls'])
      .where('dc.demand_id', '=', row.id)
      .where('c.deleted_at', 'is', null)
      .orderBy('c.id')
      .execute(),
    row.link_id === null ? undefined : db.selectFrom('demand_links').select('title').where('id', '=', row.link_id).executeTakeFirst(),
  ]);
  const caseOut = [];
  for (const c of cases) {
    const caseType = await caseTypeVersion(db, schemas, c.case_type, c.type_version_id);
    caseOut.push({
      caseNo: c.case_no,
      caseType: c.case_type,
      caseTypeTitle: caseType.title,
      status: c.status,
      statusTitle: statusTitle(caseType, c.status),
      country: c.country,
      intCls: c.int_cls,
    });
  }
  const me = viewer.userId;
  const owner = row.submitter_id === me || (row.submitter_id === null && viewer.permissions.has(SEE_ALL));
  const editable = ['draft', 'rejected', 'withdrawn'].includes(row.state);
  const roundDecided = approvers.some((a) => a.round === row.round && (a.decision === 'approved' || a.decision === 'rejected'));
  const mine = approvers.find((a) => a.step_state === 'waiting' && a.user_id === me && a.decision === 'pending');
  const stepsOut: DemandStep[] = steps.map((s) => ({
    id: s.id,
    round: s.round,
    nodeId: s.node_id,
    nodeName: s.node_name,
    mode: s.mode,
    state: s.state,
    toAdmins: s.to_admins,
    enteredAt: iso(s.entered_at)!,
    decidedAt: iso(s.decided_at),
    approvers: approvers.filter((a) => a.step_id === s.id).map(approverOut),
  }));
  return {
    id: row.id,
    demandNo: row.demand_no,
    type: demandTypeOut(type),
    title: row.title,
    state: row.state,
    submitterId: row.submitter_id,
    submitterName: summary!.submitterName,
    source: row.source,
    contact: row.contact ? { name: row.contact.name, phone: row.contact.phone, email: row.contact.email, linkTitle: link?.title ?? '' } : null,
    formData: row.form_data,
    files: row.files,
    marks: summary!.marks,
    letters: letters.map((l) => ({
      id: l.id,
      documentType: l.document_type,
      appNo: l.app_no,
      receiveDate: l.receive_date ? String(l.receive_date).slice(0, 10) : null,
      deadline: l.official_limit ? String(l.official_limit).slice(0, 10) : null,
    })),
    participants: participants.map((p) => ({ id: p.id, name: p.display_name })),
    round: row.round,
    currentSteps: stepsOut,
    decisions: approvers.map(approverOut),
    cases: caseOut,
    chosenSchemeId: row.chosen_scheme_id,
    actions: {
      edit: owner && editable,
      submit: owner && editable,
      withdraw: row.submitter_id === me && row.state === 'approving' && !roundDecided,
      delete: owner && (row.state === 'draft' || row.state === 'withdrawn'),
      decide: !!mine,
      reassign: !!mine,
      addParticipants: true,
      comment: true,
      submitScheme: row.state !== 'approved',
      myStepId: mine?.step_id ?? null,
    },
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    submittedAt: iso(row.submitted_at),
    decidedAt: iso(row.decided_at),
  };
}

/**
 * The flow of the proposal's type version with one round drawn on it: the nodes it went through in
 * order, each approver node's step and decisions; nodes on the way still ahead (as the form data
 * would take it) are not reached, the rest of the flow is skipped. A proposal never submitted shows
 * the way its data would take.
 */
export async function flowChart(db: ScopedDb, row: DemandRow, type: ProposalType, round: number | undefined): Promise<DemandFlowChart> {
  const flow = type.approvalFlow;
  const shown = round ?? row.round;
  const [roundRow, steps, approvers] = await Promise.all([
    shown === 0
      ? undefined
      : db.selectFrom('demand_rounds').select(['path', 'outcome']).where('demand_id', '=', row.id).where('round', '=', shown).executeTakeFirst(),
    db.selectFrom('demand_steps').selectAll().where('demand_id', '=', row.id).where('round', '=', shown).orderBy('id').execute(),
    approverRows(db, [row.id]),
  ]);
  const path = (roundRow?.path ?? []).map((p) => p.nodeId);
  const copied = new Map((roundRow?.path ?? []).filter((p) => p.userIds).map((p) => [p.nodeId, p.userIds!]));
  const nameOf = await userNames(db, [...copied.values()].flat());
  const enteredAt = new Map((roundRow?.path ?? []).map((p) => [p.nodeId, p.at]));
  // Ahead: the way the data takes from where the round stands (from the start when never submitted), unless the round is over.
  const ahead = new Set<string>();
  const open = roundRow ? roundRow.outcome === null : true;
  if (open) {
    let from = path.length > 0 ? path[path.length - 1]! : startNode(flow)?.id;
    if (!roundRow && from) ahead.add(from);
    for (let guard = 0; from && guard < flow.nodes.length; guard++) {
      const passed = walkToNextStop(flow, from, row.form_data);
      passed.forEach((n) => ahead.add(n.id));
      const last = passed[passed.length - 1];
      if (!last || last.type === 'end') break;
      from = last.id;
    }
  }
  const stepOf = new Map(steps.map((s) => [s.node_id, s]));
  const onPath = new Set(path);
  const takenEdges = new Set<string>();
  for (let i = 1; i < path.length; i++) {
    const edge = flow.edges.find((e) => e.source === path[i - 1] && e.target === path[i]);
    if (edge) takenEdges.add(edge.id);
  }
  const nodes: DemandFlowChart['nodes'] = flow.nodes.map((node) => {
    const step = stepOf.get(node.id);
    let state: DemandFlowChart['nodes'][number]['state'];
    // A step withdrawn before anyone decided was reached but never decided: not reached, as far as a decision goes.
    if (step) state = step.state === 'waiting' ? 'waiting' : step.state === 'approved' ? 'approved' : step.state === 'rejected' ? 'rejected' : 'notReached';
    else if (onPath.has(node.id)) state = 'passed';
    else if (ahead.has(node.id)) state = 'notReached';
    else state = 'skipped';
    return {
      id: node.id,
      type: node.type,
      name: node.name,
      position: node.position,
      mode: node.type === 'approver' ? node.mode : null,
      state,
      toAdmins: step?.to_admins ?? false,
      approvers: step ? approvers.filter((a) => a.step_id === step.id).map(approverOut) : [],
      recipients: (copied.get(node.id) ?? []).map((id) => ({ id, name: nameOf.get(id) ?? '' })),
      enteredAt: step ? iso(step.entered_at) : (enteredAt.get(node.id) ?? null),
      decidedAt: step ? iso(step.decided_at) : null,
    };
  });
  const rounds = await db
    .selectFrom('demand_rounds')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('demand_id', '=', row.id)
    .executeTakeFirstOrThrow();
  return {
    round: shown,
    rounds: rounds.n,
    state: row.state,
    nodes,
    edges: flow.edges.map((e) => ({ id: e.id, source: e.source, target: e.target, label: e.label ?? null, taken: takenEdges.has(e.id) })),
    path,
  };
}
