import ExcelJS from 'exceljs'

/** An .xlsx of `rows` (the first is the header). */
export async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Sheet1')
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** A multipart body carrying `data` as the file field, for `client.inject`. */
export function multipart(data: Buffer, filename = 'data.xlsx', field = 'file') {
  const boundary = '----test-boundary-7MA4YWxkTrZu0gW'
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  )
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** The first sheet of an .xlsx answer as rows of cell text. */
export async function readXlsx(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(data as unknown as ExcelJS.Buffer)
  const sheet = workbook.worksheets[0]!
  const rows: string[][] = []
  sheet.eachRow((row) => {
    const values = row.values as unknown[]
    rows.push(values.slice(1).map((v) => (v === null || v === undefined ? '' : String(v))))
  })
  return rows
}
