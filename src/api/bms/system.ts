import { defineFamily } from '../define'

/** /api/bms/system: administrators, departments, menus and permissions, approval configuration. */
export const system = defineFamily('/api/bms/system', {
  admin: {
    actions: {
      signIn: 'POST',
      signOut: 'DELETE',
      signInfo: 'GET',
      updatePassword: true,
      resetPassword: 'PUT',
      listForSelect: true,
    },
  },
  adminView: {},
  approvalConfig: {},
  approvalFlow: {},
  attendance: {},
  bluetoothDevice: {},
  department: {},
  menu: {},
  positionMenu: {},
  question: {},
  temporaryAdmin: {},
  toDoMatter: {},
  desensitisedExport: { actions: { authorize: 'PUT' } },
})
