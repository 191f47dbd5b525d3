/**
 * The two-level category tree of SPEC.md section 3. A chosen value is the text "parent-child".
 * Labels carry (大专) for junior college or (本科) for bachelor programmes.
 */
export interface CategoryNode {
  label: string
  children: Array<{ label: string; recommended?: boolean }>
}

export const CATEGORY_TREE: CategoryNode[] = [
  {
    label: '职业技能教育',
    children: [
      { label: '创新创业培训', recommended: true },
      { label: '商务营销' },
      { label: '汽车服务工程' },
      { label: '电子商务' },
      { label: '计算机应用' },
      { label: '人力资源管理' },
    ],
  },
  {
    label: '学历教育(大专)',
    children: [
      { label: '工商企业管理(大专)' },
      { label: '现代物流管理(大专)' },
      { label: '计算机网络技术(大专)' },
      { label: '电子商务(大专)' },
      { label: '市场营销(大专)' },
      { label: '国际经济与贸易(大专)' },
    ],
  },
  {
    label: '学历教育(本科)',
    children: [
      { label: '电子商务(本科)' },
      { label: '市场营销(本科)' },
      { label: '国际经济与贸易(本科)' },
      { label: '工商管理(本科)' },
      { label: '会计学(本科)' },
      { label: '金融学(本科)' },
      { label: '旅游管理(本科)' },
      { label: '新闻学(本科)' },
    ],
  },
]

/** Every valid "parent-child" value, for validation on either side. */
export const CATEGORY_VALUES: string[] = CATEGORY_TREE.flatMap((p) => p.children.map((c) => `${p.label}-${c.label}`))
