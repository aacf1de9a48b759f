/** Letters as CNIPA and the copyright centre print them, for the recognition tests and benchmarks. */
export interface LetterFixture {
  /** The catalogue entry it is (its value). */
  type: string;
  dispatchNo: string;
  appNo: string;
  sendDate: string;
  markName: string;
  applicant: string;
  /** The letter's lines, top to bottom. */
  lines: string[];
}

export function refusalLetter(appNo = '71234567', dispatchNo = 'TMZC71234567BHTZ01'): LetterFixture {
  return {
    type: 'refusal',
    dispatchNo,
    appNo,
    sendDate: '2025-03-14',
    markName: '蓝鲸优选',
    applicant: '杭州蓝鲸科技有限公司',
    lines: [
      `发文编号：${dispatchNo}`,
      '发文日期：2025年03月14日',
      '北京知远知识产权代理有限公司：',
      '商标驳回通知书',
      `申请号：${appNo}`,
      '类别：35',
      '商标：蓝鲸优选',
      '申请人：杭州蓝鲸科技有限公司',
      '根据《中华人民共和国商标法》第三十条的规定，经审查，你单位在第35类商品/服务上申请注册的商标与在先注册商标近似，决定驳回你单位在该类别上的注册申请。',
      '如对本驳回决定不服，可以自收到本通知之日起15日内，向国家知识产权局申请复审。',
      '国家知识产权局',
      '2025年03月14日',
    ],
  };
}

export function acceptanceLetter(appNo = '72000001', dispatchNo = 'TMZC72000001ZCSL01'): LetterFixture {
  return {
    type: 'acceptance',
    dispatchNo,
    appNo,
    sendDate: '2024-11-02',
    markName: '山海集',
    applicant: '上海山海文化传播有限公司',
    lines: [
      `发文编号：${dispatchNo}`,
      '发文日期：2024年11月02日',
      '商标注册申请受理通知书',
      '上海山海文化传播有限公司：',
      `你单位（申请人：上海山海文化传播有限公司）申请注册的第41类“山海集”商标的注册申请，经审查，符合受理条件，现予以受理，申请号：${appNo}。`,
      '申请日期：2024年10月20日',
      '国家知识产权局商标局',
    ],
  };
}

export function registrationCertificateLetter(appNo = '60123456'): LetterFixture {
  return {
    type: 'registrationCertificate',
    dispatchNo: '',
    appNo,
    sendDate: '2023-07-27',
    markName: '青禾',
    applicant: '青禾农业发展有限公司',
    lines: [
      '商标注册证',
      `第 ${appNo} 号`,
      `注册号：${appNo}`,
      '商标名称：青禾',
      '注册人：青禾农业发展有限公司',
      '核定使用商品（第31类）：新鲜水果；新鲜蔬菜',
      '注册有效期限自2023年07月28日至2033年07月27日',
      '国家知识产权局局长',
      '发文日期：二〇二三年七月二十七日',
    ],
  };
}

/** The copyright centre's request to correct a software registration application, by its 流水号. */
export function copyrightCorrectionLetter(serialNo = '2025R11L0123456'): LetterFixture {
  return {
    type: 'copyrightCorrection',
    dispatchNo: '',
    appNo: serialNo,
    sendDate: '2025-06-03',
    markName: '星辰日化会员管理系统',
    applicant: '星辰日化股份有限公司',
    lines: [
      '中国版权保护中心',
      '计算机软件著作权登记补正通知书',
      `流水号：${serialNo}`,
      '软件名称：星辰日化会员管理系统',
      '著作权人：星辰日化股份有限公司',
      '经审查，你方提交的登记申请材料存在以下问题：源程序鉴别材料页眉未标注软件名称及版本号。',
      '请自收到本通知之日起30日内补正，期满未补正的，视为撤回申请。',
      '发文日期：2025年06月03日',
    ],
  };
}

/** The copyright centre's software registration certificate. */
export function copyrightCertificateLetter(registrationNo = '2025SR0456789'): LetterFixture {
  return {
    type: 'copyrightCertificate',
    dispatchNo: '',
    appNo: registrationNo,
    sendDate: '2025-07-15',
    markName: '花语商城小程序',
    applicant: '星辰日化股份有限公司',
    lines: [
      '中华人民共和国国家版权局',
      '计算机软件著作权登记证书',
      `登记号：${registrationNo}`,
      '软件名称：花语商城小程序',
      '著作权人：星辰日化股份有限公司',
      '开发完成日期：2025年03月01日',
      '权利取得方式：原始取得',
      '发文日期：2025年07月15日',
    ],
  };
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The letter as a one-page A4 HTML document, its lines in the order printed. */
export function letterHtml(letter: LetterFixture): string {
  const body = letter.lines.map((line) => `<p>${escape(line)}</p>`).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body{font-family:"Noto Sans CJK SC","Noto Serif CJK SC","WenQuanYi Zen Hei",sans-serif;font-size:18px;line-height:1.6;margin:48px;color:#000;background:#fff;width:700px}
p{margin:0 0 10px}
</style></head><body>${body}</body></html>`;
}
