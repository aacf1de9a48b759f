import { useState } from 'react';
import { Button, Empty, Input, List, Modal, Space, Spin, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useField, useForm } from '@formily/react';
import type { ApplicantAddressInputProps as DescribedProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useDebounced } from '../../runtime/useDebounced.js';
import { applicantDisplayName, PERSONAL_APPLICANT } from '../../shared/applicantName.js';

export type ApplicantAddressInputProps = DescribedProps & {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

/**
 * The applicant's address, with 从公告库查找地址: the addresses the register holds for the name in
 * the same form, narrowed by a few words of the address, the most frequent first; 使用 fills the field.
 */
export function ApplicantAddressInput({
  nameField = 'applicantName',
  maxLength,
  placeholder,
  value,
  onChange,
  disabled,
  readOnly,
}: ApplicantAddressInputProps) {
  const runtime = useRuntime();
  const form = useForm();
  // A form shown read-only (a filed case, a detail page) reads the address, not an input.
  const field = useField();
  const [name, setName] = useState<string | null>(null);
  const [words, setWords] = useState('');
  const address = useDebounced(words.trim(), 300);
  const { data, isLoading } = useOperation('monitor.getApplicantAddress', name ? { applicantName: name, ...(address ? { address } : {}) } : null);

  const open = () => {
    const given = String(form.getValuesIn(nameField) ?? '').trim();
    // A personal applicant may be typed as 姓名--地址: the register knows the person by name.
    const wanted = applicantDisplayName(given, PERSONAL_APPLICANT);
    if (!wanted) return runtime.notify('warning', '请先填写申请人名称');
    setWords('');
    setName(wanted);
  };
  const use = (chosen: string) => {
    onChange?.(chosen);
    setName(null);
  };

  if (readOnly || field?.readPretty) return <span>{value || '--'}</span>;
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input value={value ?? ''} maxLength={maxLength} placeholder={placeholder} disabled={disabled} onChange={(e) => onChange?.(e.target.value)} />
        <Button icon={<SearchOutlined />} disabled={disabled} onClick={open}>
          从公告库查找地址
        </Button>
      </Space.Compact>
      <Modal title="从公告库查找地址" open={name !== null} width={560} footer={null} onCancel={() => setName(null)} destroyOnHidden>
        <Typography.Paragraph>
          申请人：<Typography.Text strong>{name}</Typography.Text>
        </Typography.Paragraph>
        <Input
          autoFocus
          allowClear
          aria-label="地址关键字"
          placeholder="输入地址中的词筛选，如 西湖区 文三路"
          value={words}
          onChange={(e) => setWords(e.target.value)}
          style={{ marginBottom: 12 }}
        />
        <Spin spinning={isLoading}>
          {data && data.list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={address ? '公告库中没有包含这些词的地址' : '公告库中没有该申请人的地址'} />
          ) : (
            <List
              size="small"
              dataSource={data?.list ?? []}
              renderItem={(item) => (
                <List.Item
                  actions={[
                    <Button key="use" type="link" size="small" onClick={() => use(item.address)}>
                      使用
                    </Button>,
                  ]}
                >
                  <List.Item.Meta title={item.address} description={`公告库中出现 ${item.count} 次`} />
                </List.Item>
              )}
            />
          )}
        </Spin>
      </Modal>
    </>
  );
}
