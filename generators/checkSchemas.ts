/**
 * `npm run check:schemas`: every file under schemas/ is valid against its meta-schema, and
 * every `$ref`, operation id, component name, permission key and route it names exists, and each
 * page file sits in the folder of its menu area.
 */
import { filesOfKind, loadSchemaFiles, type SchemaFile } from '../src/schemaSource/schemaFiles.js';
import { operationsFromFiles } from '../src/schemaSource/operationsFromFiles.js';
import { collectSchemaProblems } from '../src/schemaSource/schemaProblems.js';
import { pageFolderProblems } from '../src/schemaSource/pageFolders.js';

const files = loadSchemaFiles();
const problems = [...collectSchemaProblems(files, operationsFromFiles(filesOfKind(files, 'api'))), ...pageFolderProblems(files)];
if (problems.length > 0) {
  for (const p of problems) console.error(`schemas/${p.file}${p.at ? ` ${p.at}` : ''}：${p.message}`);
  console.error(`共 ${problems.length} 处问题`);
  process.exit(1);
}
const count = (kind: SchemaFile['kind']) => filesOfKind(files, kind).length;
console.log(
  `schemas/ 检查通过：${count('entities')} 个实体，${count('tables')} 个数据表文件，${count('api')} 个接口文件，${count('pages')} 个页面，${count('forms')} 个表单，${count('fields')} 个字段类型，${count('dicts')} 个字典，${count('components')} 个构件，${count('caseTypes')} 个案件类型`,
);
