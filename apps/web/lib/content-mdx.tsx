// Renders an MDX entry in a server component: GitHub tables (remark-gfm), heading ids (rehype-slug)
// for the anchors the content links to, and the `## ` headings collected for "On this page".
import 'server-only';
import { evaluate } from '@mdx-js/mdx';
import type { Element, Root, RootContent } from 'hast';
import type { MDXContent } from 'mdx/types';
import { connection } from 'next/server';
import type { ReactElement } from 'react';
import * as runtime from 'react/jsx-runtime';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { mdxComponents } from '@/components/marketing/mdx-components';
import type { Entry } from './content';
import { withPublicUrl } from './public-url';
import { runtime as nimbus } from './runtime';

export interface Heading {
  id: string;
  text: string;
}

function textOf(node: RootContent): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

/** A rehype plugin that records every h2 after rehype-slug has given it an id. */
function collectHeadings(into: Heading[]) {
  return () => (tree: Root) => {
    for (const node of tree.children) {
      const el = node as Element;
      if (el.type === 'element' && el.tagName === 'h2' && typeof el.properties.id === 'string') {
        into.push({ id: el.properties.id, text: textOf(el) });
      }
    }
  };
}

// Pages render per request; each entry is compiled once per body and public URL.
const compiled = new Map<string, Promise<{ Content: MDXContent; headings: Heading[] }>>();

async function compile(body: string): Promise<{ Content: MDXContent; headings: Heading[] }> {
  const headings: Heading[] = [];
  const { default: Content } = await evaluate(body, {
    ...runtime,
    remarkPlugins: [remarkGfm],
    rehypePlugins: [rehypeSlug, collectHeadings(headings)],
  });
  return { Content, headings };
}

export async function renderMdx(entry: Entry): Promise<{ content: ReactElement; headings: Heading[] }> {
  await connection(); // the public URL is the running server's, so never rendered by `next build`
  const body = withPublicUrl(entry.body, nimbus().config.publicUrl);
  let result = compiled.get(body);
  if (!result) {
    result = compile(body);
    compiled.set(body, result);
    result.catch(() => compiled.delete(body));
  }
  const { Content, headings } = await result;
  return { content: <Content components={mdxComponents} />, headings };
}
