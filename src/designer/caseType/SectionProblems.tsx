import { Alert } from 'antd';
import type { SchemaProblem } from '../../generated/types.js';
import { describeProblem } from './caseTypeProblems.js';

/** The server's findings about one section, listed at its top in the admin's words. */
export function SectionProblems({ problems }: { problems: SchemaProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      className="ipm-case-problems"
      message={`这一部分有 ${problems.length} 处问题，修正后才能发布`}
      description={
        <ul>
          {problems.map((p, i) => (
            <li key={`${p.at}-${i}`}>{describeProblem(p)}</li>
          ))}
        </ul>
      }
    />
  );
}
