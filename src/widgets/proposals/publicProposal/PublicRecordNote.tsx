import { Typography } from 'antd';

/** In place of a picker of the organisation's records on the public page: nothing of them is shown. */
export function PublicRecordNote() {
  return <Typography.Text type="secondary">提交后由接收方关联对应的档案记录，可在说明或附件中写明</Typography.Text>;
}
