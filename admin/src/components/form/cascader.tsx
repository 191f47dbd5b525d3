/**
 * A field choosing along a tree (课程分类 › 二级分类, 报考类别 › 专业), imported by the forms that draw one rather
 * than through the form components' index, so the other screens do not load the cascader.
 */
import { Cascader, type CascaderProps, Form } from 'antd'
import type { DefaultOptionType } from 'antd/es/cascader'
import { type FieldProps, framed, itemProps, widthStyle } from './fields'

type Props = CascaderProps<DefaultOptionType, string, false>

const FramedCascader = framed<Props>(Cascader)

export function CascaderField(props: FieldProps<Props>) {
  const { placeholder = '请选择', width, disabled, fieldProps } = props
  return (
    <Form.Item {...itemProps(props)}>
      <FramedCascader placeholder={placeholder} disabled={disabled} {...fieldProps} style={widthStyle(width, fieldProps?.style)} />
    </Form.Item>
  )
}
