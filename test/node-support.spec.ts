/**
 * The Node versions the package supports (issue 18 §6): `engines` names them, and the one dependency
 * that wanted Node ≥ 22 (file-type 22, for @nestjs/common's FileTypeValidator) is overridden to
 * file-type 21, which supports Node 20. This checks that Nest's validator still finds a file's type by
 * its bytes with the overridden package, loaded as the server loads it (a plain Node, ES modules).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

// semver is not a dependency of ours but is always installed (npm's own tree: jest, typescript tools)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const semver: { satisfies(version: string, range: string): boolean } = require('semver');
const satisfies = (version: string, range: string) => semver.satisfies(version.replace(/^v/, ''), range);

describe('supported Node versions', () => {
  it('engines accepts Node 20.19+ and 22.12+, not 21 or an older 20', () => {
    const range: string = pkg.engines.node;
    expect(satisfies(process.version, range)).toBe(true);
    for (const ok of ['20.19.0', '20.20.2', '22.12.0', '24.1.0']) expect(satisfies(ok, range)).toBe(true);
    for (const no of ['20.18.3', '21.7.0', '22.11.0', '18.20.0']) expect(satisfies(no, range)).toBe(false);
  });

  it('every installed package accepts this Node (no EBADENGINE): file-type is overridden to a release for Node 20', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
    const refusing = Object.entries<{ engines?: { node?: string } }>(lock.packages)
      .filter((entry): entry is [string, { engines: { node: string } }] =>
        Boolean(entry[0] && entry[1].engines?.node && fs.existsSync(path.join(ROOT, entry[0]))),
      )
      .filter(([, p]) => !satisfies(process.version, p.engines.node))
      .map(([where, p]) => `${where} wants node ${p.engines.node}`);
    expect(refusing).toEqual([]);
    const fileType = lock.packages['node_modules/@nestjs/common/node_modules/file-type'] ?? lock.packages['node_modules/file-type'];
    expect(pkg.overrides['file-type']).toBeDefined();
    expect(fileType.version.split('.')[0]).toBe('21');
  });

  it("@nestjs/common's FileTypeValidator finds a PNG by its bytes and refuses text posing as one", () => {
    const script = `
      import { FileTypeValidator } from '@nestjs/common';
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082', 'hex');
      const validator = new FileTypeValidator({ fileType: 'image/png' });
      const real = await validator.isValid({ mimetype: 'image/png', buffer: png });
      const fake = await validator.isValid({ mimetype: 'image/png', buffer: Buffer.from('not an image at all, just some words') });
      process.stdout.write(JSON.stringify({ real, fake }));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ real: true, fake: false });
  });
});
