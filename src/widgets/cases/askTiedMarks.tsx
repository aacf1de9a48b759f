import { App, List, Typography } from 'antd';
import type { TiedMark } from '../../generated/types.js';

type ModalApi = ReturnType<typeof App.useApp>['modal'];

/**
 * Asks before a case is submitted without marks the law makes move with it: names the rule and each
 * mark left out. Resolves true when the handler confirms they are handled elsewhere.
 */
export function askTiedMarks(modal: ModalApi, rule: string | undefined, marks: TiedMark[]): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({
      title: `还有 ${marks.length} 件商标应一并办理`,
      width: 560,
      content: (
        <>
          {rule && <Typography.Paragraph type="secondary">{rule}</Typography.Paragraph>}
          <List
            size="small"
            dataSource={marks}
            data-testid="tied-marks"
            renderItem={(mark) => (
              <List.Item>
                <Typography.Text strong>{mark.tmName || '图形'}</Typography.Text>
                <Typography.Text type="secondary">
                  {[mark.regNo ?? mark.appNo, mark.tmCl ? `第 ${mark.tmCl} 类` : '', mark.reason].filter(Boolean).join(' · ')}
                </Typography.Text>
              </List.Item>
            )}
          />
          <Typography.Paragraph>这些商标若已另案办理或无需办理，可确认后提交；否则请先把它们加入本案。</Typography.Paragraph>
        </>
      ),
      okText: '确认后提交',
      cancelText: '返回修改',
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
