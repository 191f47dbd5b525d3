import type { Compiler } from 'webpack'

/**
 * Writes chunk-map.json beside the H5 build: for each page, the files of the async chunk group
 * its lazy import creates. bench/sizes.ts reads it for per-route sizes and the size budgets.
 */
export class ChunkMapPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('ChunkMapPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkMapPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const map: Record<string, string[]> = {}
          for (const group of compilation.chunkGroups) {
            if (group.isInitial()) continue
            for (const origin of group.origins) {
              const match = /(pages\/[\w-]+\/[\w-]+)/.exec(origin.request ?? '')
              if (!match?.[1]) continue
              const files = [...group.getFiles()].filter((f) => /\.(js|css)$/.test(f))
              map[match[1]] = [...new Set([...(map[match[1]] ?? []), ...files])].sort()
            }
          }
          const json = JSON.stringify(map, null, 2)
          compilation.emitAsset('chunk-map.json', new compiler.webpack.sources.RawSource(json))
        },
      )
    })
  }
}
