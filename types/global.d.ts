/// <reference types="@tarojs/taro" />

declare module '*.png'
declare module '*.gif'
declare module '*.jpg'
declare module '*.jpeg'
declare module '*.svg'
declare module '*.css'
declare module '*.less'
declare module '*.scss'
declare module '*.sass'
declare module '*.styl'

declare namespace NodeJS {
  interface ProcessEnv {
    /** Which build this is; read only by src/platform. */
    TARO_ENV: 'weapp' | 'swan' | 'alipay' | 'h5' | 'rn' | 'tt' | 'quickapp' | 'qq' | 'jd'
    NODE_ENV: 'development' | 'production' | 'test'
  }
}

/** Build-time constants from config/*.ts `defineConstants`. */
declare const API_HOST: string
declare const APP_ENV: 'development' | 'test' | 'production'
declare const WEB_HOST: string
declare const WX_APP_ID: string
declare const AMAP_KEY: string
declare const AMAP_BASE_URL: string
/** The province a location lookup falls back to (SPEC.md section 4): 浙江 unless configured. */
declare const DEFAULT_PROVINCE: string
