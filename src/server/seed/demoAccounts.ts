/** The demo sign-ins the README lists. */
export const DEMO_ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@2026', name: '王管理', phone: '13800000001' },
  agent: { username: 'agent', password: 'Agent@2026', name: '李代理', phone: '13800000002' },
  corpAdmin: { username: 'corpadmin', password: 'Corp@2026', name: '赵主管', phone: '13800000003' },
  staff: { username: 'staff', password: 'Staff@2026', name: '陈员工', phone: '13800000004' },
} as const;

/** The few permissions of the demo staff role. */
export const STAFF_PERMISSIONS = ['workbench', 'trademark', 'caseManage', 'demand'];

/** Demo colleagues whose administrator set a first password: they must change it at first sign-in. */
export const DEMO_COLLEAGUES = {
  overseasAgent: { username: 'sunxin', firstPassword: 'Welcome@2026', name: '孙欣', phone: '13800000005' },
  marketingHead: { username: 'liuyang', firstPassword: 'Welcome@2026', name: '刘洋', phone: '13800000006' },
} as const;
