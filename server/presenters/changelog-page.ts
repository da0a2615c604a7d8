import packageJson from '../../package.json' with { type: 'json' };
import { PRODUCT_NAME } from '../../domain/constants.ts';
import { escapeHtml } from '../lib/escape-html.ts';

// styles in a <style> element are allowed by the CSP (style-src 'unsafe-inline'); no script at all
const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.55;
color:#1a1a1a;background:#fafafa;margin:0}
main{max-width:46rem;margin:0 auto;padding:2rem 1.25rem 4rem;background:#fff;min-height:100vh}
h1{font-size:1.8rem;margin-top:0}h2{font-size:1.35rem;margin-top:2.2rem;border-bottom:1px solid #ddd;
padding-bottom:.3rem}h3{font-size:1.05rem;margin-top:1.4rem}code{background:#f0f0f0;padding:0 .25rem;
border-radius:3px}a{color:#1f4e79}li{margin:.2rem 0}`;

/** The changelog's HTML (already rendered from Markdown) as a page of its own. */
export function presentChangelogPage(locale: string, body: string): string {
  const title = `Changelog – ${PRODUCT_NAME} ${packageJson.version}`;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>
${body}
</main></body>
</html>`;
}
