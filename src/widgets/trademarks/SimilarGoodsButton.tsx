import { useState } from 'react';
import { Button } from 'antd';
import type { SimilarGoodsButtonProps as DescribedProps, Trademark } from '../../generated/types.js';
import { SimilarGoodsDialog } from './SimilarGoodsDialog.js';
import { applyNoOf } from './trademarkText.js';

export type SimilarGoodsButtonProps = Omit<DescribedProps, 'record'> & { record?: Trademark | null };

/** 类似商品: opens the similar-goods dialog for a mark. */
export function SimilarGoodsButton({ record, label = '类似商品', link }: SimilarGoodsButtonProps) {
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button type={link ? 'link' : 'default'} size={link ? 'small' : 'middle'} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <SimilarGoodsDialog open={open} onClose={() => setOpen(false)} applyNo={applyNoOf(record)} />
    </>
  );
}
