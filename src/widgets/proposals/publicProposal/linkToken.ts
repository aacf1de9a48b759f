/** The characters a link token is written in, as the public calls accept it; whether it is genuine is the server's to say. */
const TOKEN = /^[A-Za-z0-9_.-]{1,200}$/;

/**
 * The token of an outside proposal link from the page's address: `?link=` as the link is handed
 * out, or `?token=`; null when missing or written in other characters (nothing is asked of the server then).
 */
export function linkTokenOf(query: URLSearchParams): string | null {
  const value = (query.get('link') ?? query.get('token') ?? '').trim();
  return TOKEN.test(value) ? value : null;
}

/** Whether what the submitter left is enough to reach them: a phone number or an e-mail address. */
export function contactProblem(phone: string, email: string): string | null {
  return phone.trim() || email.trim() ? null : '请填写联系电话或邮箱，方便我们与你联系';
}
