/**
 * The one colour of each trademark status (antd preset tag colours), for every place a status is
 * shown: registered marks green, marks under examination blue, an opposition orange, refused red,
 * invalid or lapsed marks grey. An unknown status is grey too.
 */
const STATUS_COLORS: Record<string, string | undefined> = {
  申请中: 'blue',
  初审公告: 'blue',
  异议中: 'orange',
  已注册: 'green',
  续展: 'green',
  已驳回: 'red',
  已无效: undefined,
  已销亡: undefined,
};

/** The tag colour of a status; undefined is antd's plain grey tag. */
export function statusColor(status: string | null | undefined): string | undefined {
  return status ? STATUS_COLORS[status] : undefined;
}
