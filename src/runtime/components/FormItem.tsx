import { cloneElement, createContext, isValidElement, useContext, useRef, useState, type ReactNode } from 'react';
import { ConfigProvider, Popover, Tooltip } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { isVoidField, type GeneralField } from '@formily/core';
import { connectField } from '../fields/connectField.js';
import { FormLayoutShallowContext, useFormItemLayout, type IFormItemProps } from '@formily/antd-v5';
import useFormItemStyle from '@formily/antd-v5/esm/form-item/style';
import cls from 'classnames';

/**
 * The FormItem decorator: @formily/antd-v5's item, same markup, classes and behaviour (label,
 * asterisk, tooltip, colon, feedback text and icon, popover feedback, addons, extra, grid columns,
 * inset), with its stylesheet registered once per rendered schema instead of once per item.
 * Registering it costs every item a style lookup and a keyframes compile on mount; on a form of
 * 300 fields that was a tenth of the first render.
 */

/** The item class prefix's style hash, registered by an ancestor (FormItemStyleScope). */
const FormItemStyleContext = createContext<{ prefixCls: string; hashId: string } | null>(null);

/** Registers the item stylesheet once for every FormItem below it. */
export function FormItemStyleScope({ children }: { children: ReactNode }) {
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('formily-item');
  const [wrapSSR, hashId] = useFormItemStyle(prefixCls);
  return wrapSSR(<FormItemStyleContext.Provider value={{ prefixCls, hashId }}>{children}</FormItemStyleContext.Provider>);
}

const ICON_MAP = {
  error: <CloseCircleOutlined />,
  success: <CheckCircleOutlined />,
  warning: <ExclamationCircleOutlined />,
} as const;

type ItemProps = IFormItemProps & {
  children?: ReactNode;
  className?: string;
  gridSpan?: number;
  /** The field's title given to its control as its accessible name, so the control is found by its label. */
  controlLabel?: string;
  [data: `data-${string}`]: unknown;
};

/** The control named by its field's title, unless it was given a name of its own. */
function withControlLabel(children: ReactNode, controlLabel: string | undefined): ReactNode {
  if (!controlLabel || !isValidElement<{ 'aria-label'?: string }>(children) || children.props['aria-label'] !== undefined) return children;
  return cloneElement(children, { 'aria-label': controlLabel });
}

const dataProps = (props: Record<string, unknown>) => Object.fromEntries(Object.entries(props).filter(([key]) => key.includes('data-')));

function ItemWithOwnStyle(props: ItemProps & { prefixCls: string }) {
  const [wrapSSR, hashId] = useFormItemStyle(props.prefixCls);
  return wrapSSR(<ItemBody {...props} hashId={hashId} />);
}

export function BaseItem(props: ItemProps) {
  const scope = useContext(FormItemStyleContext);
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('formily-item', props.prefixCls);
  return scope && scope.prefixCls === prefixCls ? (
    <ItemBody {...props} prefixCls={prefixCls} hashId={scope.hashId} />
  ) : (
    <ItemWithOwnStyle {...props} prefixCls={prefixCls} />
  );
}

/**
 * Whether the label is cut off, measured when the pointer reaches it. @formily/antd-v5 measures every
 * label after mount instead: two layout reads per item in a frame callback of its own, about a fifth of
 * the first render's script time on a form of 300 fields, for a tooltip only a hover can show.
 */
function useLabelOverflow() {
  const containerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLSpanElement>(null);
  const [overflow, setOverflow] = useState(false);
  // Each hover measures anew: a label that fits after its title or the layout changed loses the tooltip.
  const measure = () => {
    if (!containerRef.current || !contentRef.current) return;
    const containerWidth = containerRef.current.getBoundingClientRect().width;
    const contentWidth = contentRef.current.getBoundingClientRect().width;
    setOverflow(containerWidth > 0 && contentWidth > containerWidth);
  };
  return { containerRef, contentRef, overflow, measure };
}

function ItemBody({ children: control, hashId, controlLabel, ...props }: ItemProps & { prefixCls: string; hashId: string }) {
  const children = withControlLabel(control, controlLabel);
  const [active, setActive] = useState(false);
  const formLayout = useFormItemLayout(props);
  const { containerRef, contentRef, overflow, measure } = useLabelOverflow();
  const {
    label,
    style,
    layout,
    colon = true,
    addonBefore,
    addonAfter,
    asterisk,
    feedbackStatus,
    extra,
    feedbackText,
    fullness,
    feedbackLayout,
    feedbackIcon,
    getPopupContainer,
    inset,
    bordered = true,
    labelWidth,
    wrapperWidth,
    labelCol,
    wrapperCol,
    labelAlign,
    wrapperAlign = 'left',
    size,
    labelWrap,
    wrapperWrap,
    tooltipLayout,
    tooltip,
    tooltipIcon,
  } = formLayout;
  const labelStyle = { ...formLayout.labelStyle };
  const wrapperStyle = { ...formLayout.wrapperStyle };
  const prefixCls = props.prefixCls;
  // Fixed widths.
  if (labelWidth) {
    labelStyle.width = labelWidth === 'auto' ? undefined : labelWidth;
    labelStyle.maxWidth = labelWidth === 'auto' ? undefined : labelWidth;
  }
  if (wrapperWidth) {
    wrapperStyle.width = wrapperWidth === 'auto' ? undefined : wrapperWidth;
    wrapperStyle.maxWidth = wrapperWidth === 'auto' ? undefined : wrapperWidth;
  }
  // Grid columns.
  const enableCol = Boolean((labelCol || wrapperCol) && !labelStyle.width && !wrapperStyle.width && layout !== 'vertical');

  const formatChildren =
    feedbackLayout === 'popover' ? (
      <Popover
        autoAdjustOverflow
        overlayClassName={`${prefixCls}-popover`}
        placement="top"
        content={
          <div className={cls({ [`${prefixCls}-${feedbackStatus}-help`]: !!feedbackStatus, [`${prefixCls}-help`]: true })}>
            {feedbackStatus && feedbackStatus in ICON_MAP ? ICON_MAP[feedbackStatus as keyof typeof ICON_MAP] : null} {feedbackText}
          </div>
        }
        open={!!feedbackText}
        getPopupContainer={getPopupContainer}
      >
        <>{children}</>
      </Popover>
    ) : (
      children
    );

  const overflowTooltip = overflow ? (
    <div>
      <div>{label}</div>
      <div>{tooltip}</div>
    </div>
  ) : (
    tooltip
  );

  const labelText = (() => {
    const labelChildren = (
      <div className={`${prefixCls}-label-content`} ref={containerRef} onMouseEnter={measure}>
        <span ref={contentRef}>
          {asterisk && <span className={`${prefixCls}-asterisk`}>*</span>}
          <label>{label}</label>
        </span>
      </div>
    );
    if ((tooltipLayout === 'text' && tooltip) || overflow) {
      return (
        // Found cut off under the pointer: open at once, since the pointer is already in.
        <Tooltip placement="top" title={overflowTooltip} defaultOpen={overflow}>
          {labelChildren}
        </Tooltip>
      );
    }
    return labelChildren;
  })();

  const labelNode = label ? (
    <div
      className={cls({
        [`${prefixCls}-label`]: true,
        [`${prefixCls}-label-tooltip`]: (tooltip && tooltipLayout === 'text') || overflow,
        [`${prefixCls}-item-col-${labelCol}`]: enableCol && !!labelCol,
      })}
      style={labelStyle}
    >
      {labelText}
      {tooltip && tooltipLayout === 'icon' && !overflow && (
        <span className={`${prefixCls}-label-tooltip-icon`}>
          <Tooltip placement="top" title={tooltip}>
            {tooltipIcon}
          </Tooltip>
        </span>
      )}
      {label !== ' ' && <span className={`${prefixCls}-colon`}>{colon ? ':' : ''}</span>}
    </div>
  ) : null;

  return (
    <div
      {...dataProps(props as Record<string, unknown>)}
      style={style}
      data-grid-span={props.gridSpan}
      className={cls(
        props.className,
        {
          [prefixCls]: true,
          [`${prefixCls}-layout-${layout}`]: true,
          [`${prefixCls}-${feedbackStatus}`]: !!feedbackStatus,
          [`${prefixCls}-feedback-has-text`]: !!feedbackText,
          [`${prefixCls}-size-${size}`]: !!size,
          [`${prefixCls}-feedback-layout-${feedbackLayout}`]: !!feedbackLayout,
          [`${prefixCls}-fullness`]: !!fullness || !!inset || !!feedbackIcon,
          [`${prefixCls}-inset`]: !!inset,
          [`${prefixCls}-active`]: active,
          [`${prefixCls}-inset-active`]: !!inset && active,
          [`${prefixCls}-label-align-${labelAlign}`]: true,
          [`${prefixCls}-control-align-${wrapperAlign}`]: true,
          [`${prefixCls}-label-wrap`]: !!labelWrap,
          [`${prefixCls}-control-wrap`]: !!wrapperWrap,
          [`${prefixCls}-bordered-none`]: bordered === false || !!inset || !!feedbackIcon,
        },
        hashId,
      )}
      onFocus={() => {
        if (feedbackIcon || inset) setActive(true);
      }}
      onBlur={() => {
        if (feedbackIcon || inset) setActive(false);
      }}
    >
      {labelNode}
      <div className={cls({ [`${prefixCls}-control`]: true, [`${prefixCls}-item-col-${wrapperCol}`]: enableCol && !!wrapperCol && label })}>
        <div className={`${prefixCls}-control-content`}>
          {addonBefore && <div className={`${prefixCls}-addon-before`}>{addonBefore}</div>}
          <div
            style={wrapperStyle}
            className={cls({ [`${prefixCls}-control-content-component`]: true, [`${prefixCls}-control-content-component-has-feedback-icon`]: !!feedbackIcon })}
          >
            <FormLayoutShallowContext.Provider value={{}}>{formatChildren}</FormLayoutShallowContext.Provider>
            {feedbackIcon && <div className={`${prefixCls}-feedback-icon`}>{feedbackIcon}</div>}
          </div>
          {addonAfter && <div className={`${prefixCls}-addon-after`}>{addonAfter}</div>}
        </div>
        {!!feedbackText && feedbackLayout !== 'popover' && feedbackLayout !== 'none' && (
          <div
            className={cls({
              [`${prefixCls}-${feedbackStatus}-help`]: !!feedbackStatus,
              [`${prefixCls}-help`]: true,
              [`${prefixCls}-help-enter`]: true,
              [`${prefixCls}-help-enter-active`]: true,
            })}
          >
            {feedbackText}
          </div>
        )}
        {extra && <div className={`${prefixCls}-extra`}>{extra}</div>}
      </div>
    </div>
  );
}

/** Messages joined by commas, as @formily/antd-v5 shows them. */
const joinMessages = (messages: ReactNode[]) =>
  messages.reduce<ReactNode[]>((buf, text, index) => (!text ? buf : index < messages.length - 1 ? buf.concat([text, ', ']) : buf.concat([text])), []);

/** The field's title, required mark, validation state and messages, and description, as @formily/antd-v5 maps them. */
export const FormItem = Object.assign(
  connectField(BaseItem, {
    mapProps: (props: ItemProps, field: GeneralField) => {
      if (isVoidField(field)) return { ...props, label: field.title || props.label, asterisk: props.asterisk, extra: props.extra || field.description };
      const feedbackStatus = field.validating ? 'pending' : field.decoratorProps.feedbackStatus || field.validateStatus;
      const feedbackText = (() => {
        if (field.validating) return undefined;
        if (props.feedbackText) return props.feedbackText;
        if (field.selfErrors.length) return joinMessages(field.selfErrors);
        if (field.selfWarnings.length) return joinMessages(field.selfWarnings);
        if (field.selfSuccesses.length) return joinMessages(field.selfSuccesses);
        return undefined;
      })();
      const asterisk = 'asterisk' in props ? props.asterisk : field.required && field.pattern !== 'readPretty';
      const label = props.label || field.title;
      const controlLabel = typeof label === 'string' && label.trim() ? label : undefined;
      return { ...props, label, feedbackStatus, feedbackText, asterisk, extra: props.extra || field.description, controlLabel };
    },
  }),
  { BaseItem },
);
