// Turns what the user gave the browser into a file list to deploy: a dropped folder (walked with
// webkitGetAsEntry, whose readEntries answers in batches until empty), a folder picked with
// <input webkitdirectory>, or a .zip (unzipped in the browser with fflate, off the main thread). Paths
// are relative to the folder itself; version-control and dependency folders are left out, as the
// CLIs do, because the build installs dependencies itself.
import { projectNameFrom } from '@nimbus/core';
import { unzip } from 'fflate';

export interface PickedFile {
  path: string;
  data: Blob;
}

export interface Picked {
  /** The folder's (or archive's) name. */
  name: string;
  /** The default project name: the folder's name by the rule the CLI uses too (@nimbus/core). */
  projectName: string;
  files: PickedFile[];
}

const picked = (name: string, files: PickedFile[]): Picked => ({ name, projectName: projectNameFrom(name), files });

const IGNORED = new Set(['.git', 'node_modules', '.vercel', '.nimbus', '.DS_Store', 'Thumbs.db', '__MACOSX']);
const kept = (path: string) => !path.split('/').some((segment) => IGNORED.has(segment));
const isZip = (file: File) => /\.zip$/i.test(file.name);
const baseName = (name: string) => name.replace(/\.zip$/i, '');

function readBatch(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

async function walk(entry: FileSystemEntry, prefix: string, out: PickedFile[]): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (!kept(path)) return;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    out.push({ path, data: file });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  for (let batch = await readBatch(reader); batch.length; batch = await readBatch(reader)) {
    for (const child of batch) await walk(child, path, out);
  }
}

/** Files of an archive; a single top folder inside it (site/…) is the root, as with a dropped folder. */
export async function fromZip(file: File): Promise<Picked> {
  const entries = await new Promise<Record<string, Uint8Array>>((resolve, reject) => {
    file
      .arrayBuffer()
      .then((buffer) => unzip(new Uint8Array(buffer), (err, data) => (err ? reject(err) : resolve(data))), reject);
  });
  const paths = Object.keys(entries).filter((p) => !p.endsWith('/') && kept(p));
  const tops = new Set(paths.map((p) => p.split('/')[0]));
  const [top] = tops;
  const nested = tops.size === 1 && paths.every((p) => p.includes('/'));
  return picked(
    nested && top ? top : baseName(file.name),
    paths.map((p) => ({
      path: nested ? p.slice(p.indexOf('/') + 1) : p,
      data: new Blob([entries[p]! as Uint8Array<ArrayBuffer>]),
    })),
  );
}

/**
 * A drop. Call it inside the drop handler: the items are only readable during the event, so the
 * entries are taken synchronously before anything is awaited.
 */
export function fromDrop(transfer: DataTransfer): Promise<Picked> {
  const entries = [...transfer.items].filter((i) => i.kind === 'file').map((i) => i.webkitGetAsEntry());
  const files = [...transfer.files];
  return (async () => {
    const [only] = entries;
    if (entries.length === 1 && only?.isDirectory) {
      const out: PickedFile[] = [];
      const reader = (only as FileSystemDirectoryEntry).createReader();
      for (let batch = await readBatch(reader); batch.length; batch = await readBatch(reader)) {
        for (const child of batch) await walk(child, '', out);
      }
      return picked(only.name, out);
    }
    if (files.length === 1 && isZip(files[0]!)) return fromZip(files[0]!);
    return picked(
      baseName(files[0]?.name ?? 'site').replace(/\.[^.]+$/, ''),
      files.filter((f) => kept(f.name)).map((f) => ({ path: f.name, data: f })),
    );
  })();
}

/** A folder picked with <input webkitdirectory>: paths arrive as "folder/sub/file". */
export function fromFolderInput(list: FileList): Picked {
  const files = [...list];
  const name = files[0]?.webkitRelativePath.split('/')[0] ?? 'site';
  return picked(
    name,
    files
      .map((f) => ({ path: f.webkitRelativePath.split('/').slice(1).join('/') || f.name, data: f as Blob }))
      .filter((f) => kept(f.path)),
  );
}
