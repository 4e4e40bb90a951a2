/**
 * One-off: renders the app's brand mark (apps/web/src/components/BrandMark.tsx, the same component the app
 * shows) to the PNG icons of the web app manifest in apps/web/public/icons/, in Chromium. Run again after the
 * mark changes:
 *
 *   TSX_TSCONFIG_PATH=apps/web/tsconfig.json node --import tsx scripts/make-icons.ts
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BrandMark } from '../apps/web/src/components/BrandMark';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/icons');
/** The tile colour of the mark: a maskable icon is cut by the phone's own shape, so it must bleed to the edge. */
const TILE = '#151b26';

interface Icon {
  file: string;
  size: number;
  /** Share of the side the mark takes: a maskable icon keeps it inside the central safe zone (80 % circle). */
  mark: number;
  background: string;
}

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, mark: 1, background: 'transparent' },
  { file: 'icon-512.png', size: 512, mark: 1, background: 'transparent' },
  { file: 'maskable-512.png', size: 512, mark: 0.72, background: TILE },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, mark: 0.86, background: TILE },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const icon of ICONS) {
    const svg = renderToStaticMarkup(createElement(BrandMark, { size: Math.round(icon.size * icon.mark) }));
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.background}">${svg}</body>`,
    );
    await page.screenshot({ path: path.join(outDir, icon.file), omitBackground: icon.background === 'transparent' });
    await page.close();
    console.log(`${icon.file} (${icon.size} px)`);
  }
} finally {
  await browser.close();
}
