/**
 * The dark palette: applied when the system asks for dark and the visitor chose nothing (or
 * `auto`), and when the visitor chose dark (`<html data-theme="dark">`, set by the theme
 * switch and the head's inline script before the first paint). Written once, used twice.
 */
const DARK = `color-scheme:dark;--bg:#1a1918;--surface:#252321;--surface-2:#33302c;--text:#f3efe7;--muted:#b3aa9b;--border:#4a443d;--link:#8cbcff;--focus:#8cbcff;
--java:#2f81f7;--java-text:#79c0ff;--java-bg:rgba(56,139,253,.16);--bedrock:#f472b6;--bedrock-text:#f9a8d4;--bedrock-bg:rgba(219,39,119,.2);
--button:#3b7a22;--good:#72c44d;--chart:#6cb33f;--chart-2:#f472b6;--track:#3b3733;--edge:rgba(0,0,0,.55);--hi:rgba(255,255,255,.06);--lo:rgba(0,0,0,.35);--top:#2c2017`;

/**
 * The site's one stylesheet, embedded so the router reads no file (it runs in Workers too).
 * The game's look: a header of dirt under a strip of grass, sandstone (light) or deepslate (dark)
 * neutrals, grass-green buttons and charts, bevelled blocky panels, every item icon in an
 * inventory slot (grey, dark inset edges), gold, iron and copper medals, headings (not figures:
 * the face's small 2 reads as an 8) in the pixel display face (pixelFont.ts; the system font for
 * what it lacks, and for Russian pages' headings: the face has no Cyrillic О or П, so a Russian
 * heading would change faces letter by letter). The cards' Java blue and Bedrock pink (`@blockstats/svg`'s palette, darkened or lightened where text needs
 * 4.5:1). Light and dark follow `prefers-color-scheme` unless the visitor chose one
 * (`[data-theme]`). No inline style anywhere: the pages' CSP forbids it.
 */
export const SITE_CSS = `
:root{color-scheme:light dark;--bg:#f1ede4;--surface:#fffdf8;--surface-2:#ebe4d6;--text:#1f1b16;--muted:#5b5246;--border:#cbc1ae;--link:#1a5296;--focus:#1a5296;
--java:#0072b8;--java-text:#0550ae;--java-bg:#ddf4ff;--bedrock:#db2777;--bedrock-text:#a3114d;--bedrock-bg:#ffe4ef;
--button:#3b7a22;--good:#2d7a1d;--chart:#4d8c2b;--chart-2:#db2777;--track:#e2dbcc;--gold:#f4c430;--silver:#d0d0d0;--bronze:#d9774b;--edge:rgba(31,27,22,.2);
--hi:rgba(255,255,255,.7);--lo:rgba(60,45,25,.12);--top:#4a3322;--grass:#62ad3c;--grass-2:#3f7d25;
--sans:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Helvetica,Arial,sans-serif;--pixel:"Pixelify Sans",var(--sans)}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${DARK}}}
:root[data-theme=dark]{${DARK}}
:root[data-theme=light]{color-scheme:light}
[hidden]{display:none!important}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 var(--sans);overflow-wrap:break-word}
a{color:var(--link);text-underline-offset:.15em}
a:not(:hover){text-decoration:none}
p a[href],figcaption a[href]{text-decoration:underline}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px;border-radius:4px}
img,svg{max-width:100%}
h1,h2,h3{line-height:1.25;margin:0}
h1,h2,.brand span,.error-code{font-family:var(--pixel)}
h1 .tag,h2 .tag,h2 small,h2 .small,.panel>h2>a{font-family:var(--sans)}
:lang(ru) :is(h1,h2,.error-code){font-family:var(--sans)}
h1{font-size:clamp(1.5rem,1.15rem + 1.6vw,2.25rem)}
h2{font-size:1.25rem;margin-bottom:.75rem}
h3{font-size:1rem;margin-bottom:.5rem}
p{margin:0 0 .75rem}
code{font:.875em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--surface-2);padding:.1em .35em;border-radius:4px}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.skip{position:absolute;left:1rem;top:-3rem;z-index:10;background:var(--surface);padding:.5rem 1rem;border-radius:6px;border:1px solid var(--border)}
.skip:focus{top:.5rem}
.wrap{max-width:76rem;margin:0 auto;padding:0 1rem}
@media (min-width:48rem){.wrap{padding:0 1.5rem}}
.top{background:var(--top);color:#fff;border-top:.25rem solid var(--grass);box-shadow:inset 0 .25rem var(--grass-2);padding-top:.25rem}
.top a,.top .nav a,.top .switcher a{color:#f1e6d4}
.top .nav a:hover,.top .nav a[aria-current=page],.top .switcher a:hover,.top .switcher a[aria-current]{color:#fff;background:rgba(255,255,255,.14)}
.top .wrap{display:flex;flex-wrap:wrap;align-items:center;gap:0 1.5rem}
.brand{display:flex;align-items:center;gap:.6rem;padding:.75rem 0;font-weight:700;font-size:1.125rem;min-width:0}
.top .brand{color:#fff}
.brand img{flex:none}
.find{display:flex;gap:.375rem;margin-left:auto;padding:.375rem 0;flex:0 1 18rem;min-width:0}.find input[type=search]{flex:1 1 auto;width:0;min-width:0;font:inherit;font-size:.9375rem;padding:.3rem .5rem;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--text)}.find .btn{padding:.3rem .7rem}
@media (max-width:30rem){.find{flex:1 1 100%;max-width:100%;margin-left:0;padding-top:0}}
.brand span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
/* The sections wrap onto more lines rather than scroll: every one in sight at any width, in every language. */
.nav{flex:1 1 auto;min-width:0;margin:0 -.7rem}
.nav ul{display:flex;flex-wrap:wrap;gap:.125rem;margin:0;padding:0 0 .5rem;list-style:none}
@media (min-width:60rem){.nav{margin:0}.nav ul{justify-content:flex-end}}
.nav a{display:block;padding:.4rem .7rem;border-radius:6px;color:var(--muted);white-space:nowrap;font-size:.9375rem}
.nav a:hover{color:var(--text);background:var(--surface-2)}
.langs{flex-basis:100%}
.langs ul{display:flex;flex-wrap:wrap;gap:.25rem .75rem;margin:.5rem 0 0;padding:0;list-style:none}
.langs a[aria-current]{color:var(--text);font-weight:600}
.nav a[aria-current=page]{color:var(--text);background:var(--surface-2);font-weight:600}
main.wrap{display:block;padding-top:2rem;padding-bottom:3rem}
.page-head{display:flex;flex-wrap:wrap;align-items:flex-end;justify-content:space-between;gap:.75rem 1.5rem;margin-bottom:1.5rem}
.page-head p{margin:.35rem 0 0;color:var(--muted)}
.crumbs{font-size:.875rem;color:var(--muted);margin-bottom:.35rem}
.page-head--bar{align-items:center;margin-bottom:.75rem}
.page-head--bar .crumbs{margin:0}
.crumbs a{color:var(--muted)}
.json{font-size:.8125rem;font-weight:600;border:1px solid var(--border);border-radius:6px;padding:.2rem .55rem;color:var(--muted);white-space:nowrap}
.json:hover{color:var(--text)}
.muted{color:var(--muted)}
.small{font-size:.875rem}
.panel,.tile{background:var(--surface);border:2px solid var(--border);border-radius:4px;box-shadow:inset 2px 2px var(--hi),inset -2px -2px var(--lo);min-width:0}
.panel{padding:1rem 1.25rem}
.panel>h2{font-size:1.0625rem;display:flex;justify-content:space-between;align-items:baseline;gap:1rem}
.panel>h2 a{font-size:.875rem;font-weight:500}
.section{margin-top:2rem}
.section>h2{display:flex;justify-content:space-between;align-items:baseline;gap:1rem;flex-wrap:wrap}
.section>h2 small{font-size:.875rem;font-weight:400;color:var(--muted)}
.cols{display:grid;gap:1rem}
@media (min-width:60rem){.cols{grid-template-columns:minmax(0,3fr) minmax(0,2fr)}.cols--even{grid-template-columns:1fr 1fr}}
.stack{display:grid;gap:1rem;align-content:start;min-width:0}
.tiles{display:grid;gap:.75rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,9rem),1fr));margin:0;padding:0;list-style:none}
.tiles--wide{grid-template-columns:repeat(auto-fit,minmax(min(100%,20rem),1fr))}
.tile{padding:.85rem 1rem}
.tile dt,.tile .label{color:var(--muted);font-size:.8125rem;font-weight:500}
.tile dd,.tile .value{margin:.15rem 0 0;font-size:1.375rem;font-weight:700;font-variant-numeric:tabular-nums;line-height:1.3}
.tile .sub{display:block;font:400 .8125rem/1.5 var(--sans);color:var(--muted)}
.hero{display:flex;flex-wrap:wrap;align-items:center;gap:1rem 1.25rem;margin-bottom:1.5rem}
.hero>div{min-width:0;flex:1 1 16rem}
.hero h1{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .75rem}
.hero p{margin:.35rem 0 0;color:var(--muted)}
.status{font-weight:600;margin:.35rem 0 0}
.dot{display:inline-block;width:.625rem;height:.625rem;border-radius:50%;background:var(--muted);margin-right:.5rem;vertical-align:.05em}
.dot--on{background:var(--good);box-shadow:0 0 0 3px color-mix(in srgb,var(--good) 25%,transparent)}
.motd{white-space:pre-line;color:var(--muted);margin:.5rem 0 0}
.server-status{list-style:none;padding:0;margin:.5rem 0 0;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;font-size:.9375rem}
.server-status li{display:flex;flex-wrap:wrap;align-items:baseline;gap:0 .5rem}
.hero .server-status .status{margin:0;font-weight:400}
.addr{display:flex;flex-wrap:wrap;gap:.5rem 1rem;margin-top:.5rem;font-size:.9375rem}
.player{display:inline-flex;align-items:center;gap:.5rem;min-width:0;max-width:100%;vertical-align:middle}
.player>a,.player>span.name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-weight:500}
.head{width:24px;height:24px;border-radius:4px;flex:none;image-rendering:pixelated;background:var(--surface-2);display:inline-grid;place-items:center;font-size:.75rem;font-weight:700;color:#fff;overflow:hidden}
.head--java{background:var(--java)}
.head--bedrock{background:var(--bedrock)}
.head--lg{width:72px;height:72px;border-radius:10px;font-size:2rem}
@media (min-width:48rem){.head--lg{width:96px;height:96px;font-size:2.5rem}}
.tag{display:inline-block;font-size:.75rem;font-weight:600;line-height:1.5;padding:0 .5rem;border-radius:999px;white-space:nowrap;vertical-align:middle}
.tag--java{color:var(--java-text);background:var(--java-bg)}
.tag--bedrock{color:var(--bedrock-text);background:var(--bedrock-bg)}
.tag--plain{color:var(--muted);background:var(--surface-2)}
.rank{display:inline-grid;place-items:center;min-width:1.9rem;height:1.9rem;padding:0 .35rem;border-radius:3px;box-shadow:inset -2px -2px rgba(0,0,0,.18);font-weight:700;font-variant-numeric:tabular-nums;font-size:.875rem;background:var(--surface-2)}
.rank--1{background:var(--gold);color:#3b2a00}
.rank--2{background:var(--silver);color:#1f2328}
.rank--3{background:var(--bronze);color:#2b1300}
.medals{display:inline-flex;gap:.75rem;font-variant-numeric:tabular-nums;align-items:center;flex-wrap:wrap}
.medal{display:inline-flex;align-items:center;gap:.3rem}
.medal::before{content:"";width:.8rem;height:.8rem;border-radius:2px;background:var(--gold)}
.medal--silver::before{background:var(--silver)}
.medal--bronze::before{background:var(--bronze)}
.scroll{overflow-x:auto;margin:0 -1.25rem;padding:0 1.25rem}
.section>.scroll{margin:0;padding:0}
table.data{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
.data caption{text-align:left;font-weight:600;padding-bottom:.5rem}
.data th{text-align:left;font-size:.8125rem;color:var(--muted);font-weight:600;padding:.5rem .75rem;border-bottom:1px solid var(--border);white-space:nowrap}
.data td{padding:.5rem .75rem;border-bottom:1px solid var(--border);vertical-align:middle}
.data tbody tr:last-child td{border-bottom:0}
.data tbody tr:hover{background:var(--surface-2)}
.data th:first-child,.data td:first-child{padding-left:0}
.data th:last-child,.data td:last-child{padding-right:0}
.data .num{text-align:right;white-space:nowrap}
.data th.num{white-space:normal}
.data .w{width:100%}
.data td.player-cell{max-width:16rem}
.data .sub{display:block;font-size:.8125rem;color:var(--muted)}
.data--compact td{padding:.3rem .5rem}
.data--compact .rank{min-width:1.5rem;height:1.5rem;font-size:.75rem}
.data tr.open a{color:var(--muted)}
.groups{columns:3 20rem;column-gap:1rem}
.groups>*{break-inside:avoid;margin-bottom:1rem}
.groups h3{display:flex;justify-content:space-between;gap:1rem;align-items:baseline}
.data tr.me{background:color-mix(in srgb,var(--link) 10%,transparent)}
.data tr.me a{color:var(--text);text-decoration:underline}
/* A sort arrow is for the eye: its alternative text is empty (aria-sort says the order); a browser without that syntax keeps the first content. */
th[data-type] button::after{content:" \\2195";content:" \\2195"/"";color:var(--muted)}
th[aria-sort] button::after{content:" \\2193";content:" \\2193"/"";color:inherit}
th[aria-sort=ascending] button::after{content:" \\2191";content:" \\2191"/""}
/* On a phone the idle sort mark gives way: a compare table of two long names must not scroll for it. */
@media (max-width:26rem){th[data-type]:not([aria-sort]) button::after{content:none}}
th button{all:unset;cursor:pointer;border-radius:4px}
th button:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.bar{display:block;height:4px;width:100%;margin-top:.3rem;color:var(--chart)}
.bar rect{fill:currentColor}
.bar .bg{fill:var(--track)}
.tools{display:flex;flex-wrap:wrap;gap:.5rem .75rem;align-items:end;margin-bottom:1rem}
.tools label{display:grid;gap:.2rem;font-size:.8125rem;font-weight:600;color:var(--muted)}
input,select,button.btn,a.btn{font:inherit;color:var(--text);background:var(--surface);border:1px solid var(--border);border-radius:4px;padding:.45rem .7rem;min-height:2.5rem}
input,select{font-weight:400}
input[type=search],input[type=text]{min-width:min(16rem,100%)}
button.btn,a.btn{cursor:pointer;font-weight:600;background:var(--surface-2);display:inline-flex;align-items:center}
button.btn--primary{background:var(--button);border-color:var(--button);color:#fff}
.pager{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;justify-content:space-between;margin-top:1rem;font-size:.9375rem}
.pager ul{display:flex;flex-wrap:wrap;gap:.25rem;list-style:none;margin:0;padding:0}
.pager a,.pager span[aria-current]{display:inline-grid;place-items:center;min-width:2.25rem;height:2.25rem;padding:0 .6rem;border-radius:4px;border:1px solid var(--border);background:var(--surface)}
.pager span[aria-current]{background:var(--button);border-color:var(--button);color:#fff;font-weight:700}
.list{list-style:none;margin:0;padding:0}
.list>li{display:flex;align-items:center;gap:.75rem;padding:.55rem 0;border-bottom:1px solid var(--border);min-width:0}
.list>li:last-child{border-bottom:0}
.list .grow{flex:1;min-width:0}
.list .sub{display:block}
.list .end{margin-left:auto;text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.adv{display:flex;align-items:center;gap:.6rem;min-width:0}
.chips{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;margin:0;padding:0}
.chips a{display:inline-flex;align-items:center;gap:.4rem;border:2px solid var(--border);background:var(--surface);border-radius:4px;padding:.25rem .75rem .25rem .3rem;color:var(--text);font-size:.9375rem}
.chips a:hover{border-color:var(--link)}
.chips a[aria-current=page]{border-color:var(--link);background:color-mix(in srgb,var(--link) 12%,transparent)}
.chips--plain a{padding:.25rem .75rem}
.periods{margin:0 0 .75rem}.periods .chips{gap:.375rem}.periods a{font-size:.875rem;padding:.2rem .65rem}
.move{display:block;white-space:nowrap;font-size:.75rem;font-weight:600;line-height:1.2;margin-top:.15rem;text-align:center;color:var(--muted)}.move--up{color:var(--good)}.move--down{color:var(--bedrock-text)}.move--new{color:var(--java-text)}
.chips .rank{min-width:1.6rem;height:1.6rem;font-size:.8125rem}
figure{margin:0}
figcaption{font-size:.875rem;color:var(--muted);margin-top:.5rem}
.chart{display:block;width:100%;height:auto;overflow:visible}
.chart .b{fill:var(--chart)}
.chart .b2{fill:var(--chart-2)}
.chart .ln{fill:none;stroke:var(--chart);stroke-width:2;vector-effect:non-scaling-stroke}
.chart .area{fill:var(--chart);opacity:.14}
.chart .grid{stroke:var(--border);stroke-width:1;vector-effect:non-scaling-stroke}
.chart text{fill:var(--muted);font-size:11px;font-family:inherit}
.chart .tick{paint-order:stroke;stroke:var(--surface);stroke-width:4px;stroke-linejoin:round}
details>summary{cursor:pointer;color:var(--link);font-size:.875rem;margin-top:.5rem}
.timeline{list-style:none;margin:0;padding:0 0 0 .5rem}
@media (min-width:60rem){.timeline{columns:2;column-gap:2.5rem}}
.timeline li{position:relative;padding:.35rem 0 .35rem 1.25rem;border-left:2px solid var(--border);display:flex;gap:.25rem .75rem;align-items:center;flex-wrap:wrap;break-inside:avoid}
.timeline li::before{content:"";position:absolute;left:-.5rem;top:50%;margin-top:-.5rem;width:1rem;height:1rem;border-radius:50%;background:var(--track);border:3px solid var(--surface);box-sizing:border-box}
.timeline li.on::before{background:var(--good)}
.timeline li:not(.on){color:var(--muted)}
.timeline .end{margin-left:auto;font-size:.875rem;color:var(--muted)}
progress{appearance:none;-webkit-appearance:none;width:100%;height:.5rem;border:0;border-radius:999px;background:var(--track);overflow:hidden;vertical-align:middle}
progress::-webkit-progress-bar{background:var(--track)}
progress::-webkit-progress-value{background:var(--good);border-radius:999px}
progress::-moz-progress-bar{background:var(--good);border-radius:999px}
.progress{display:grid;gap:.2rem;min-width:6rem}
.vs{display:grid;grid-template-columns:1fr auto 1fr;gap:.75rem;align-items:center;text-align:center;margin-bottom:1rem}
.vs .player{justify-content:center}
.vs .score{font-size:1.75rem;font-weight:800;font-variant-numeric:tabular-nums}
.win{font-weight:700;color:var(--good)}
.empty{color:var(--muted);padding:1rem 0;margin:0}
.notice{border-left:4px solid var(--link);background:var(--surface);padding:.75rem 1rem;border-radius:0 8px 8px 0;margin-bottom:1rem}
.error-code{font-size:clamp(3rem,2rem + 5vw,5rem);font-weight:800;color:var(--muted);line-height:1;margin:0}
.foot{border-top:1px solid var(--border);padding:1.25rem 0 2rem;color:var(--muted);font-size:.875rem}
.foot .wrap{display:flex;flex-wrap:wrap;gap:.35rem 1.25rem;justify-content:space-between}
.foot a{color:var(--muted);text-decoration:underline}
.foot ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}
@media (max-width:40rem){.data .opt{display:none}.data th,.data td{padding-left:.4rem;padding-right:.4rem}.data .player>a,.data .player>span.name{max-width:7.5rem}.data .num{white-space:normal;overflow-wrap:normal}.data .w{width:auto}}
@media (max-width:24rem){.data{font-size:.875rem}.data th,.data td{padding-left:.3rem;padding-right:.3rem}.data .player>a,.data .player>span.name{max-width:6.5rem}}
@media (max-width:30rem){.data .player{flex-wrap:wrap;column-gap:.4rem}.data .player-cell .player>a,.data .player-cell .player>span.name{max-width:12rem}.data .tag{font-size:.6875rem;padding:0 .3rem}.list>li{flex-wrap:wrap;row-gap:.25rem}.list .grow{flex:1 1 11.5rem}.panel{padding:.85rem 1rem}.scroll{margin:0 -1rem;padding:0 1rem}}
.switcher{flex:1 1 100%;min-width:0;margin:0 -1rem}
.switcher ul{display:flex;gap:.375rem;margin:0;padding:0 1rem .5rem;list-style:none;overflow-x:auto;scrollbar-width:thin}
.switcher a{display:block;padding:.15rem .6rem;border:1px solid var(--border);border-radius:999px;color:var(--muted);white-space:nowrap;font-size:.875rem}
.switcher a:hover{color:var(--text);background:var(--surface-2)}
.switcher a[aria-current]{color:var(--text);background:var(--surface-2);border-color:var(--text);font-weight:600}
.data[data-breakdown] th[scope=row]{font-size:inherit;color:inherit;font-weight:inherit;border-bottom:1px solid var(--border)}
.data tr.total{font-weight:600}
@media print{.top .nav,.foot,.tools,.pager{display:none}}
/* Below 26rem a wide table breaks its text cells rather than scroll sideways; wider, words stay whole.
   Statistic names (a first cell's link: /stats, /totals, a profile) hyphenate first, by the page's
   language (<html lang>, the browser's dictionary); only a word no hyphenation fits breaks anywhere. */
@media (max-width:40rem){.data td .sub{overflow-wrap:anywhere}}
@media (max-width:26rem){.data th,.data td:not(.player-cell):not(.num){overflow-wrap:anywhere}.data td:first-child>a{hyphens:auto}.data th.w:first-child{width:100%}}
.theme{display:flex;align-items:center;gap:.5rem}
.theme select{min-height:2rem;padding:.15rem .5rem;font-size:.875rem}
/* A table wider than its frame: a shadow at each edge that hides more. The covers scroll with the
   table (local) and uncover the shadows (scroll) once there is something to that side. */
.scroll{--scroll-bg:var(--bg);background:linear-gradient(to right,var(--scroll-bg) 40%,transparent) left/2.5rem 100% no-repeat local,linear-gradient(to left,var(--scroll-bg) 40%,transparent) right/2.5rem 100% no-repeat local,radial-gradient(farthest-side at 0 50%,var(--edge),transparent) left/.85rem 100% no-repeat scroll,radial-gradient(farthest-side at 100% 50%,var(--edge),transparent) right/.85rem 100% no-repeat scroll}
.panel .scroll{--scroll-bg:var(--surface)}
.scroll-hint{font-size:.8125rem;color:var(--muted);text-align:end;margin:0 0 .25rem}
`;
