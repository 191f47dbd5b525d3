/** The shared wire types (@activity/wire), imported once here so server code has one path to them. */
export * from '@activity/wire'
