import { Input, Typography } from 'antd';

/** A prop edited as JSON text: the value stays text while it does not parse, and says why. */
export function JsonText({ value, onChange }: { value?: string; onChange?: (text: string) => void }) {
  let problem: string | null = null;
  if (value) {
    try {
      JSON.parse(value);
    } catch (err) {
      problem = `不是合法的 JSON：${(err as Error).message}`;
    }
  }
  return (
    <>
      <Input.TextArea
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        autoSize={{ minRows: 2, maxRows: 10 }}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
        status={problem ? 'error' : undefined}
      />
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
    </>
  );
}
