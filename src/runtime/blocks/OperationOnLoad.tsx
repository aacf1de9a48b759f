import { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useRuntime } from '../runtimeContext.js';
import { runAction } from '../actions.js';
import type { OperationOnLoadProps } from '../../generated/types.js';

/** Calls an operation once with values from the address (a sign-on ticket, say), then runs an action. */
export function OperationOnLoad({
  operation,
  queryParams,
  onSuccess,
  pendingText = '处理中…',
  failureTitle = '处理失败',
  missingText = '链接缺少必要的参数',
}: OperationOnLoadProps) {
  const runtime = useRuntime();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const body = Object.fromEntries(queryParams.map((p) => [p, runtime.query.get(p) ?? '']));
  const missing = queryParams.some((p) => !body[p]);

  useEffect(() => {
    if (started.current || missing) return;
    started.current = true;
    runtime
      .callNamedOperation(operation, body)
      .then((result) => runAction(onSuccess, result, runtime))
      .catch((err: Error) => setFailure(err.message));
  });

  if (missing || failure) {
    return (
      <Result
        status="warning"
        title={failureTitle}
        subTitle={missing ? missingText : failure}
        extra={
          <Button type="primary" onClick={() => runtime.navigate('/login')}>
            使用账号密码登录
          </Button>
        }
      />
    );
  }
  return <Spin size="large" tip={pendingText} fullscreen />;
}
