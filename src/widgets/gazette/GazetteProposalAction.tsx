import { useState, type MouseEvent } from 'react';
import { Button, Typography } from 'antd';
import { useSWRConfig } from 'swr';
import type { GazetteProposalActionProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { proposalPath } from '../proposals/index.js';
import { hitOf } from './gazetteLook.js';

/**
 * A hit's one action: 发起异议 starts a draft objection proposal filled from the hit and opens it in
 * the proposal editor; once started, the proposal's number links to it instead.
 */
export function GazetteProposalAction({ record }: GazetteProposalActionProps) {
  const runtime = useRuntime();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const hit = hitOf(record);
  if (!hit) return null;
  if (hit.demandId !== null) {
    const path = proposalPath(hit.demandId);
    const open = (event: MouseEvent) => {
      event.preventDefault();
      runtime.navigate(path);
    };
    return (
      <Typography.Link href={path} onClick={open} data-testid="gazette-proposal-link">
        异议提案 {hit.demandNo}
      </Typography.Link>
    );
  }
  if (hit.state === 'expired') return <Typography.Text type="secondary">已过异议期</Typography.Text>;
  if (hit.state === 'dismissed' || !runtime.permissions.has('demand')) return null;
  const start = async () => {
    setBusy(true);
    try {
      const started = await runtime.callOperation('gazette.startProposal', { id: hit.id });
      runtime.notify('success', `已新建异议提案 ${started.demandNo}`);
      await mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && (key[0].startsWith('gazette.') || key[0].startsWith('demand.')));
      runtime.navigate(started.canEdit ? `${proposalPath(started.demandId)}&edit=1` : proposalPath(started.demandId));
    } catch {
      // The HTTP client showed why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="link" size="small" loading={busy} onClick={() => void start()} data-testid="gazette-start-proposal" className="gazette-action">
      发起异议
    </Button>
  );
}
