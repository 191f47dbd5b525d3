/** The console's add button (新增商品, 新建订单, 开具缴费单…): primary, with the plus. */
import { PlusOutlined } from '@ant-design/icons'
import { Button, type ButtonProps } from 'antd'

export function AddButton(props: Omit<ButtonProps, 'type' | 'icon'>) {
  return <Button type='primary' icon={<PlusOutlined />} {...props} />
}
