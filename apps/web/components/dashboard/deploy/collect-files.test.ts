import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fromFolderInput, fromZip } from './collect-files';

const zipFile = (name: string, files: Record<string, string>) =>
  new File([zipSync(Object.fromEntries(Object.entries(files).map(([p, c]) => [p, strToU8(c)])))], name);

describe('fromZip', () => {
  it('uses the single top folder of an archive as the root and as the project name', async () => {
    const picked = await fromZip(
      zipFile('download.zip', {
        'blog/index.html': '<h1>hi</h1>',
        'blog/css/a.css': 'a{}',
        'blog/node_modules/x/i.js': 'x',
      }),
    );
    expect(picked.name).toBe('blog');
    expect(picked.files.map((f) => f.path).sort()).toEqual(['css/a.css', 'index.html']);
    expect(await picked.files.find((f) => f.path === 'index.html')!.data.text()).toBe('<h1>hi</h1>');
  });

  it('keeps files at the top of an archive as they are, named after the archive', async () => {
    const picked = await fromZip(
      zipFile('Site.zip', { 'index.html': 'i', 'about/index.html': 'a', '__MACOSX/._index.html': 'junk' }),
    );
    expect(picked.name).toBe('Site');
    expect(picked.projectName).toBe('site');
    expect(picked.files.map((f) => f.path).sort()).toEqual(['about/index.html', 'index.html']);
  });
});

describe('the default project name', () => {
  it('follows the rule the CLI and the API share: accents dropped, dashes collapsed', async () => {
    expect((await fromZip(zipFile('Café.zip', { 'index.html': 'i' }))).projectName).toBe('cafe');
    expect((await fromZip(zipFile('My---Site!.zip', { 'index.html': 'i' }))).projectName).toBe('my-site');
  });
});

describe('fromFolderInput', () => {
  it('makes paths relative to the chosen folder and leaves out .git', () => {
    const file = (path: string) =>
      Object.defineProperty(new File(['x'], path.split('/').pop()!), 'webkitRelativePath', { value: path });
    const list = [file('site/index.html'), file('site/.git/HEAD'), file('site/img/a.png')] as unknown as FileList;
    const picked = fromFolderInput(list);
    expect(picked).toMatchObject({ name: 'site' });
    expect(picked.files.map((f) => f.path)).toEqual(['index.html', 'img/a.png']);
  });
});
