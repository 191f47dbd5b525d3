/** Where a signed-in operator lands (the sign-in screen needs it without the route table). */
export const HOME = '/dashboard'
