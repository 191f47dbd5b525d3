import fs from 'node:fs'
import type { Compiler } from 'webpack'

/**
 * Writes chunk-map.json beside the H5 build: for each page, the files of the async chunk group
 * its lazy import creates. bench/sizes.ts reads it for per-route sizes and the size budgets.
 * It also writes preload.json, by URL path (`/` is the entry page): the back-office announces a
 * page's files with a `Link: rel=preload` header on the HTML, so they download beside the shell's
 * scripts instead of after them (server/src/plugins/static-h5.ts).
 * With BUNDLE_MODULES=<file> it also lists the largest modules of the initial chunks there.
 */
export class ChunkMapPlugin {
  constructor(private readonly options: { entryPage: string }) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('ChunkMapPlugin', (compilation) => {
      const stage = compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT
      compilation.hooks.processAssets.tap({ name: 'ChunkMapPlugin', stage }, () => {
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
        compilation.emitAsset('chunk-map.json', new compiler.webpack.sources.RawSource(JSON.stringify(map, null, 2)))
        const preload: Record<string, string[]> = {}
        for (const [page, files] of Object.entries(map)) preload[`/${page}`] = files
        const entry = map[this.options.entryPage]
        if (!entry) throw new Error(`ChunkMapPlugin: the entry page ${this.options.entryPage} has no chunk (renamed in src/routes.ts?)`)
        preload['/'] = entry
        compilation.emitAsset('preload.json', new compiler.webpack.sources.RawSource(JSON.stringify(preload)))

        const modulesFile = process.env.BUNDLE_MODULES
        if (modulesFile) {
          const sizes: Array<[string, number]> = []
          for (const chunk of compilation.chunks) {
            if (!chunk.canBeInitial()) continue
            for (const m of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
              // A concatenated module lists its parts, so our own files show one by one.
              const parts = (m as { modules?: Iterable<typeof m> }).modules
              for (const part of parts ? [...parts] : [m]) sizes.push([part.readableIdentifier(compilation.requestShortener), part.size()])
            }
          }
          sizes.sort((a, b) => b[1] - a[1])
          fs.writeFileSync(modulesFile, JSON.stringify(sizes.slice(0, 300), null, 1))
        }
      })
    })
  }
}
