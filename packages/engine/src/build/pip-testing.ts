// Tests send traffic only to this machine. pip's default index is PyPI, so a test that builds Python
// keeps pip to the machine's local indexes (`file://` URLs of its pip configuration): the first becomes
// the index, the others extra ones. Returns false when the machine has no local index to use.
import { pipSettings } from './pip-config';

export async function keepPipLocal(): Promise<boolean> {
  const { env } = await pipSettings();
  const indexes = [env.PIP_INDEX_URL ?? 'https://pypi.org/simple', ...(env.PIP_EXTRA_INDEX_URL ?? '').split(/\s+/)];
  const local = indexes.filter((url) => url.startsWith('file://'));
  if (!local.length) return false;
  process.env.PIP_INDEX_URL = local[0];
  process.env.PIP_EXTRA_INDEX_URL = local.slice(1).join(' ') || local[0];
  process.env.PIP_RETRIES = '0';
  return true;
}
