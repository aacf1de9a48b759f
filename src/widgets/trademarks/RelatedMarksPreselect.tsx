import { useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import type { RelatedMarksPreselectProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useBlockQuery } from '../../runtime/pageQueries.js';

/**
 * The `regNo` query parameter (spec 001 §2): the archive opens on the marks related to that
 * registration number (same name or same applicant, /brand/relevanceBrand), checked on the cards.
 */
export function RelatedMarksPreselect({ channel, param = 'regNo' }: RelatedMarksPreselectProps) {
  const runtime = useRuntime();
  const query = useBlockQuery(channel);
  const regNo = runtime.query.get(param)?.trim() ?? '';
  const [found, setFound] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    setDismissed(false);
    setFound(null);
    if (!regNo) return;
    let cancelled = false;
    runtime
      .callOperation('brandArchives.relevanceBrand', { regNo })
      .then(({ list }) => {
        if (cancelled) return;
        setFound(list.length);
        if (list.length > 0) query.setConditions({ ...query.conditions, ids: list.map((m) => m.id) });
      })
      .catch(() => !cancelled && setFound(0));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [regNo, query]);
  if (!regNo || found === null || dismissed) return null;
  const showAll = () => {
    const { ids: _ids, ...rest } = query.conditions;
    query.setConditions(rest);
    setDismissed(true);
  };
  return (
    <Alert
      type={found > 0 ? 'info' : 'warning'}
      showIcon
      style={{ marginBottom: 12 }}
      message={found > 0 ? `已按注册号 ${regNo} 预选 ${found} 件相关商标（同名或同一申请人）` : `注册号 ${regNo} 在商标档案中没有相关商标`}
      action={
        found > 0 ? (
          <Button size="small" onClick={showAll}>
            查看全部商标
          </Button>
        ) : undefined
      }
    />
  );
}
