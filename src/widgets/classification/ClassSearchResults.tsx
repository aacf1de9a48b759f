import { Tag, Typography } from 'antd';
import type { ClassificationEntry } from '../../generated/types.js';
import { LazyList } from '../../runtime/lazy/LazyList.js';
import { useLazyPages } from '../../runtime/lazy/useLazyPages.js';
import { ClassRow } from './ClassRow.js';
import { LEVEL_NAMES, type ClassPickerValue } from './classPickerValue.js';

const keyOf = (e: ClassificationEntry) => e.cgId;
const LEVEL_COLOURS = ['orange', 'blue', 'default'];

function where(e: ClassificationEntry): string {
  if (e.dirLevel === 0) return '';
  if (e.dirLevel === 1) return `第${e.classNum}类`;
  return `第${e.classNum}类 › ${e.groupNum} ${e.groupName ?? ''}`;
}

/** Matches from the three levels, classes first, 50 at a time. */
export function ClassSearchResults({ keyword, value, onToggle }: { keyword: string; value: ClassPickerValue; onToggle(entry: ClassificationEntry): void }) {
  const results = useLazyPages<ClassificationEntry>('classification.search', { keyword }, keyOf);
  return (
    <div className="ipm-class-search">
      <header>搜索结果{results.loading && results.items.length === 0 ? '' : `（共 ${results.count} 条）`}</header>
      <LazyList
        pages={results}
        keyOf={keyOf}
        label="搜索结果"
        emptyText="没有符合条件的分类、类似群或商品"
        renderItem={(e) => (
          <ClassRow
            entry={e}
            value={value}
            onToggle={onToggle}
            label={
              <>
                <Tag color={LEVEL_COLOURS[e.dirLevel]}>{LEVEL_NAMES[e.dirLevel]}</Tag>
                {e.dirLevel === 0 ? `第${e.cgNum}类 ${e.cgName}` : e.dirLevel === 1 ? `${e.cgNum} ${e.cgName}` : e.cgName}
              </>
            }
            extra={
              <Typography.Text type="secondary" className="ipm-class-row-where" ellipsis>
                {where(e)}
              </Typography.Text>
            }
          />
        )}
      />
    </div>
  );
}
