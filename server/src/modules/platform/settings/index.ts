// The settings module's face: what other modules may use (they import nothing else from here).
export { settingsRoutes } from './settings.routes.ts'
export { readSetting, readSettings, SETTING_DEFAULTS, type Settings } from './settings.service.ts'
