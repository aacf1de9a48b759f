import { useState } from 'react';
import type { ClassificationEntry } from '../../generated/types.js';
import { LazyList } from '../../runtime/lazy/LazyList.js';
import { useLazyPages } from '../../runtime/lazy/useLazyPages.js';
import { ClassRow } from './ClassRow.js';
import { LEVEL_NAMES, type ClassPickerValue } from './classPickerValue.js';

const CHILDREN = 'classification.children';
const keyOf = (e: ClassificationEntry) => e.cgId;

interface ColumnsProps {
  value: ClassPickerValue;
  onToggle(entry: ClassificationEntry): void;
}

/** Three columns: the classes, the opened class's similar groups, the opened group's goods. */
export function ClassColumns({ value, onToggle }: ColumnsProps) {
  const [classNum, setClassNum] = useState<string | null>(null);
  const [groupNum, setGroupNum] = useState<string | null>(null);
  const classes = useLazyPages<ClassificationEntry>(CHILDREN, {}, keyOf);
  const groups = useLazyPages<ClassificationEntry>(CHILDREN, classNum ? { parentNum: classNum } : null, keyOf);
  const goods = useLazyPages<ClassificationEntry>(CHILDREN, groupNum ? { parentNum: groupNum } : null, keyOf);

  return (
    <div className="ipm-class-columns">
      <section className="ipm-class-column" aria-label={LEVEL_NAMES[0]}>
        <header>{LEVEL_NAMES[0]}</header>
        <LazyList
          pages={classes}
          keyOf={keyOf}
          label={LEVEL_NAMES[0]}
          renderItem={(e) => (
            <ClassRow
              entry={e}
              value={value}
              onToggle={onToggle}
              active={e.cgNum === classNum}
              onOpen={() => {
                setClassNum(e.cgNum);
                setGroupNum(null);
              }}
              label={`第${e.cgNum}类 ${e.cgName}`}
            />
          )}
        />
      </section>
      <section className="ipm-class-column" aria-label={LEVEL_NAMES[1]}>
        <header>{LEVEL_NAMES[1]}</header>
        {classNum ? (
          <LazyList
            pages={groups}
            keyOf={keyOf}
            label={LEVEL_NAMES[1]}
            renderItem={(e) => (
              <ClassRow
                entry={e}
                value={value}
                onToggle={onToggle}
                active={e.cgNum === groupNum}
                onOpen={() => setGroupNum(e.cgNum)}
                label={`${e.cgNum} ${e.cgName}`}
              />
            )}
          />
        ) : (
          <div className="ipm-class-column-empty">请先点击左侧大类</div>
        )}
      </section>
      <section className="ipm-class-column" aria-label={LEVEL_NAMES[2]}>
        <header>{LEVEL_NAMES[2]}</header>
        {groupNum ? (
          <LazyList
            pages={goods}
            keyOf={keyOf}
            label={LEVEL_NAMES[2]}
            renderItem={(e) => <ClassRow entry={e} value={value} onToggle={onToggle} label={e.cgName} />}
          />
        ) : (
          <div className="ipm-class-column-empty">请先点击类似群</div>
        )}
      </section>
    </div>
  );
}
