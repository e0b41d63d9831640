// The Open Graph card of the public site (1200×630), drawn with next/og at build time: the Nimbus
// mark, a title and a short line, in the dark theme's colours.
import { ImageResponse } from 'next/og';
import { NimbusMark } from '@/components/shell/logo';

export const OG_SIZE = { width: 1200, height: 630 };

export function ogImage({ title, subtitle }: { title: string; subtitle: string }): ImageResponse {
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 80,
        background: '#0a0a0a',
        color: '#ededed',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, fontSize: 36, fontWeight: 600 }}>
        <NimbusMark size={48} color="#ededed" />
        Nimbus
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
        <div style={{ fontSize: title.length > 48 ? 60 : 76, fontWeight: 600, lineHeight: 1.1, letterSpacing: -2 }}>
          {title}
        </div>
        <div style={{ fontSize: 32, color: '#a1a1a1' }}>{subtitle}</div>
      </div>
    </div>,
    OG_SIZE,
  );
}
