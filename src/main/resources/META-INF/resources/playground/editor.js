// The cut-out editor: the photo with the cut-out outlined over it, a box or points that steer the
// cut-out (POST …/cutout), and a mask of the seller's own (PUT …/cutout). Uses app.js's api, $, state.
'use strict';

const editor = {
  asset: null,        // the asset record as the API last answered it
  mask: null,         // the decoded ?format=mask (an ImageBitmap), null when the asset has no cut-out
  subjectBox: null,   // the mask's bounding box plus a margin, in the photo's pixels
  base: null,         // ImageData at the canvas' size: the tint outside the product and its outline
  box: null,          // {x, y, width, height} in the photo's pixels (upright), or null
  applied: null,      // the box as last applied, for Esc
  include: [], exclude: [], // [x, y] in the photo's pixels
  tool: 'box',        // 'box' | 'include' | 'exclude'
  marker: null,       // the keyboard's point marker, [x, y] in the photo's pixels
  drag: null,         // the pointer gesture under way
  busy: false, queued: null, loads: 0
};
const TOOLS = { box: 'tool-box', include: 'tool-include', exclude: 'tool-exclude' };
const SOURCES = { auto: 'found automatically', alpha: "the photo's own transparency", hint: 'from your box', mask: 'your mask' };
const MAX_HEIGHT = 440; // CSS px: the photo stays on screen together with the tools under it
const MIN_DRAG = 6;     // CSS px: a shorter drag is a click, not a box
const MARGIN = 0.03;    // of the photo's longer side, round the subject's box when a box is proposed

/** The editor for a freshly uploaded asset: the local file shown (the browser turns it upright as the API does). */
function editorShow(asset, file) {
  Object.assign(editor, { asset, mask: null, subjectBox: null, base: null, box: null, applied: null,
    include: [], exclude: [], marker: null, drag: null, queued: null });
  showError('cutout-error', null);
  status('cutout-status', '');
  readout();
  const img = $('asset-photo');
  if (img.src.startsWith('blob:')) URL.revokeObjectURL(img.src);
  img.onload = () => { layoutEditor(); loadMask(); };
  img.src = URL.createObjectURL(file);
}

/** The record's cut-out in words, for the facts list. */
function cutoutFacts(asset) {
  if (!asset.subject_detected) return 'none yet: draw a box round the product';
  const source = SOURCES[asset.subject_source] || asset.subject_source || 'found automatically';
  return asset.cutout_version ? source + ' · version ' + asset.cutout_version : source;
}

// ---- drawing -------------------------------------------------------------------------------------
/** Sizes photo and canvas to the panel: the whole photo visible, its aspect kept, the canvas at device pixels. */
function layoutEditor() {
  const a = editor.asset;
  if (!a) return;
  const avail = $('editor-wrap').clientWidth;
  const scale = Math.min(avail / a.width, MAX_HEIGHT / a.height);
  const w = Math.max(1, Math.floor(a.width * scale)), h = Math.max(1, Math.floor(a.height * scale));
  const dpr = window.devicePixelRatio || 1;
  const img = $('asset-photo'), canvas = $('overlay'), ed = $('editor');
  img.style.width = w + 'px'; img.style.height = h + 'px';
  ed.style.width = w + 'px'; ed.style.height = h + 'px';
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr); canvas.height = Math.round(h * dpr);
    buildBase();
  }
  draw();
}

/** Fetches the mask of the current version and redraws; no cut-out (409) draws none. */
async function loadMask() {
  const a = editor.asset;
  const load = ++editor.loads;
  let mask = null;
  try {
    // The URL stays the same from version to version: revalidate, the ETag names the version.
    const res = await fetch(API + '/assets/' + a.id + '/cutout?format=mask', { cache: 'no-cache', headers: { Authorization: 'Bearer ' + key() } });
    if (res.ok) mask = await createImageBitmap(await res.blob());
    else if (res.status !== 409 && res.status !== 404) showError('cutout-error', await apiError(res));
  } catch (e) {
    showError('cutout-error', { message: 'The cut-out could not be loaded (' + e.message + ').', code: 'network_error' });
  }
  if (load !== editor.loads || a !== editor.asset) return; // a newer version or asset came meanwhile
  editor.mask = mask;
  editor.subjectBox = mask ? subjectBox(mask) : null;
  buildBase();
  draw();
  $('editor').dataset.drawn = mask ? String(a.cutout_version || 0) : 'none';
  if (!mask && !a.subject_detected) status('cutout-status', 'No product was found automatically: drag a box round it.');
}

/** The mask's bounding box in the photo's pixels, widened by the margin and clipped to the photo. */
function subjectBox(mask) {
  const c = document.createElement('canvas');
  c.width = mask.width; c.height = mask.height;
  const ctx = c.getContext('2d', { willReadFrequently: true });
  ctx.drawImage(mask, 0, 0);
  const d = ctx.getImageData(0, 0, c.width, c.height).data;
  let x0 = c.width, y0 = c.height, x1 = -1, y1 = -1;
  for (let y = 0; y < c.height; y++) {
    for (let x = 0; x < c.width; x++) {
      if (d[(y * c.width + x) * 4] >= 128) {
        if (x < x0) x0 = x; if (x > x1) x1 = x;
        if (y < y0) y0 = y; if (y > y1) y1 = y;
      }
    }
  }
  if (x1 < 0) return null;
  const a = editor.asset, k = a.width / c.width;
  const m = Math.round(Math.max(a.width, a.height) * MARGIN);
  return clampBox({ x: Math.floor(x0 * k) - m, y: Math.floor(y0 * k) - m,
    width: Math.ceil((x1 - x0 + 1) * k) + 2 * m, height: Math.ceil((y1 - y0 + 1) * k) + 2 * m });
}

/** The overlay under box and points: the background tinted, the product's edge drawn as a line. */
function buildBase() {
  const canvas = $('overlay');
  editor.base = null;
  if (!editor.mask || !canvas.width) return;
  const w = canvas.width, h = canvas.height;
  const tmp = document.createElement('canvas');
  tmp.width = w; tmp.height = h;
  const tctx = tmp.getContext('2d', { willReadFrequently: true });
  tctx.imageSmoothingQuality = 'high';
  tctx.drawImage(editor.mask, 0, 0, w, h);
  const m = tctx.getImageData(0, 0, w, h).data;
  const out = new ImageData(w, h);
  const o = out.data;
  const t = Math.max(1, Math.round(window.devicePixelRatio || 1)); // the line: about 2 CSS px
  const on = (x, y) => x < 0 || y < 0 || x >= w || y >= h || m[(y * w + x) * 4] >= 128;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      if (m[i] >= 128) {
        if (!on(x - 1, y) || !on(x + 1, y) || !on(x, y - 1) || !on(x, y + 1)
            || !on(x - t - 1, y) || !on(x + t + 1, y) || !on(x, y - t - 1) || !on(x, y + t + 1)) {
          o[i] = 255; o[i + 1] = 214; o[i + 2] = 0; o[i + 3] = 255; // the outline, inside the edge
        }
      } else {
        o[i] = 20; o[i + 1] = 24; o[i + 2] = 51; o[i + 3] = 150; // the background, dimmed
      }
    }
  }
  editor.base = out;
}

function draw() {
  const canvas = $('overlay');
  const ctx = canvas.getContext('2d');
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (!editor.asset || !canvas.width) return;
  if (editor.base) ctx.putImageData(editor.base, 0, 0);
  const k = canvas.width / editor.asset.width, dpr = window.devicePixelRatio || 1;
  const b = editor.box;
  if (b) {
    const x = b.x * k, y = b.y * k, w = b.width * k, h = b.height * k;
    ctx.lineWidth = 2 * dpr;
    ctx.setLineDash([7 * dpr, 5 * dpr]);
    ctx.strokeStyle = '#141833'; ctx.lineDashOffset = 0; ctx.strokeRect(x, y, w, h);
    ctx.strokeStyle = '#ffffff'; ctx.lineDashOffset = 6 * dpr; ctx.strokeRect(x, y, w, h);
    ctx.setLineDash([]);
    const s = 9 * dpr;
    for (const [cx, cy] of [[x, y], [x + w, y], [x, y + h], [x + w, y + h]]) {
      ctx.fillStyle = '#ffffff'; ctx.fillRect(cx - s / 2, cy - s / 2, s, s);
      ctx.strokeStyle = '#4f46e5'; ctx.lineWidth = 2 * dpr; ctx.strokeRect(cx - s / 2, cy - s / 2, s, s);
    }
  }
  for (const [list, fill] of [[editor.include, '#0f9d58'], [editor.exclude, '#c62828']]) {
    for (const [px, py] of list) pointMark(ctx, px * k, py * k, fill, list === editor.include, dpr);
  }
  if (editor.marker && editor.tool !== 'box' && document.activeElement === $('editor')) {
    const [mx, my] = editor.marker;
    const r = 12 * dpr;
    ctx.strokeStyle = editor.tool === 'include' ? '#0f9d58' : '#c62828';
    ctx.lineWidth = 2 * dpr;
    ctx.beginPath();
    ctx.arc(mx * k, my * k, r, 0, 2 * Math.PI);
    ctx.moveTo(mx * k - 1.6 * r, my * k); ctx.lineTo(mx * k + 1.6 * r, my * k);
    ctx.moveTo(mx * k, my * k - 1.6 * r); ctx.lineTo(mx * k, my * k + 1.6 * r);
    ctx.stroke();
  }
}

/** A keep (+, green) or remove (−, red) point. */
function pointMark(ctx, x, y, fill, plus, dpr) {
  const r = 8 * dpr;
  ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fillStyle = fill; ctx.fill();
  ctx.lineWidth = 2 * dpr; ctx.strokeStyle = '#ffffff'; ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x - r / 2, y); ctx.lineTo(x + r / 2, y);
  if (plus) { ctx.moveTo(x, y - r / 2); ctx.lineTo(x, y + r / 2); }
  ctx.stroke();
}

/** The box and points in words, read out as they change (the editor's keys move them unseen otherwise). */
function readout() {
  const parts = [];
  const b = editor.box;
  if (b) {
    parts.push('Box: x ' + b.x + ', y ' + b.y + ', ' + b.width + ' × ' + b.height + ' px'
        + (JSON.stringify(b) === editor.applied ? '' : ' (not applied yet: Enter or Apply)'));
  }
  const n = (count, what) => count + ' ' + what + (count === 1 ? '' : 's');
  if (editor.include.length || editor.exclude.length) parts.push(n(editor.include.length, 'keep point') + ', ' + n(editor.exclude.length, 'remove point'));
  if (editor.marker && editor.tool !== 'box') parts.push('Marker at x ' + editor.marker[0] + ', y ' + editor.marker[1]);
  $('box-readout').textContent = parts.join(' · ');
}

// ---- geometry ------------------------------------------------------------------------------------
function clampBox(b) {
  const a = editor.asset;
  const x = Math.max(0, Math.min(b.x, a.width - 1)), y = Math.max(0, Math.min(b.y, a.height - 1));
  return { x, y, width: Math.max(1, Math.min(b.width - (x - b.x), a.width - x)),
    height: Math.max(1, Math.min(b.height - (y - b.y), a.height - y)) };
}

/** The box proposed when the seller starts from the keyboard or a point: round the current cut-out, else the middle. */
function defaultBox() {
  const a = editor.asset;
  return editor.subjectBox ? Object.assign({}, editor.subjectBox)
      : clampBox({ x: Math.round(a.width * 0.15), y: Math.round(a.height * 0.15), width: Math.round(a.width * 0.7), height: Math.round(a.height * 0.7) });
}

/** The pointer's place in the photo's pixels. */
function toPhoto(ev) {
  const r = $('overlay').getBoundingClientRect(), a = editor.asset;
  return [Math.max(0, Math.min(a.width, Math.round((ev.clientX - r.left) / r.width * a.width))),
    Math.max(0, Math.min(a.height, Math.round((ev.clientY - r.top) / r.height * a.height)))];
}

/** What a press at p grabs of the box: a corner ('nw' …), its inside ('move'), or nothing. */
function grab(p) {
  const b = editor.box;
  if (!b) return null;
  const tol = 12 * editor.asset.width / $('overlay').getBoundingClientRect().width;
  const near = (v, t) => Math.abs(v - t) <= tol;
  const [x, y] = p;
  const v = near(y, b.y) ? 'n' : near(y, b.y + b.height) ? 's' : '';
  const h = near(x, b.x) ? 'w' : near(x, b.x + b.width) ? 'e' : '';
  if (v && h) return v + h;
  return x > b.x && x < b.x + b.width && y > b.y && y < b.y + b.height ? 'move' : null;
}

/** The box a drag makes from its start to p, as a new box, a moved one or one with a corner pulled. */
function dragged(d, p) {
  const a = editor.asset, o = d.orig;
  const dx = p[0] - d.start[0], dy = p[1] - d.start[1];
  if (d.mode === 'move') {
    return { x: Math.max(0, Math.min(a.width - o.width, o.x + dx)), y: Math.max(0, Math.min(a.height - o.height, o.y + dy)), width: o.width, height: o.height };
  }
  let from = d.start;
  if (d.mode !== 'new') { // the corner opposite the grabbed one stays
    from = [d.mode.includes('w') ? o.x + o.width : o.x, d.mode.includes('n') ? o.y + o.height : o.y];
  }
  return { x: Math.min(from[0], p[0]), y: Math.min(from[1], p[1]), width: Math.abs(p[0] - from[0]), height: Math.abs(p[1] - from[1]) };
}

// ---- applying --------------------------------------------------------------------------------------
/** POSTs the box and the points inside it; the answer becomes the page's asset. */
function applyHint() {
  const a = editor.asset;
  if (!a) return;
  if (!editor.box) {
    status('cutout-status', 'Draw a box round the product first (drag on the photo, or an arrow key on it).');
    return;
  }
  const b = editor.box;
  const inside = ([x, y]) => x >= b.x && y >= b.y && x < b.x + b.width && y < b.y + b.height;
  const body = { box: { x: b.x, y: b.y, width: b.width, height: b.height } };
  const include = editor.include.filter(inside), exclude = editor.exclude.filter(inside);
  if (include.length) body.include = include;
  if (exclude.length) body.exclude = exclude;
  const applied = JSON.stringify(b);
  send(() => api('/assets/' + a.id + '/cutout', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
      'Cut-out updated', () => { editor.applied = applied; });
}

/** PUTs the chosen PNG as the mask; the box and points are dropped, the mask now rules. */
function applyMaskFile(file) {
  const a = editor.asset;
  if (!a || !file) return;
  send(() => api('/assets/' + a.id + '/cutout', { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: file }),
      'Cut-out updated from your mask', () => { editor.box = null; editor.applied = null; editor.include = []; editor.exclude = []; });
}

/**
 * One change at a time: a change asked for while one is under way waits and only the last one
 * asked for is sent. Success redraws the outline, then the status says so; the cut-out preview
 * (a larger PNG, slower to make) follows on its own.
 */
async function send(request, done, onSuccess) {
  if (editor.busy) { editor.queued = [request, done, onSuccess]; return; }
  editor.busy = true;
  const asset = editor.asset;
  showError('cutout-error', null);
  status('cutout-status', 'Cutting out…');
  try {
    const updated = await request();
    if (asset !== editor.asset) return; // another photo was uploaded meanwhile
    onSuccess();
    editor.asset = updated; state.asset = updated;
    showAssetFacts(updated);
    const preview = loadCutout(updated.id);
    await loadMask();
    readout();
    status('cutout-status', done + ' (version ' + updated.cutout_version + ').');
    await preview.catch(() => { /* loadCutout shows its own failures */ });
  } catch (e) {
    showError('cutout-error', e);
    status('cutout-status', 'The cut-out was not changed.');
  } finally {
    editor.busy = false;
    const next = editor.queued;
    editor.queued = null;
    // The same photo by id: a success has replaced editor.asset with the updated record.
    if (next && editor.asset && editor.asset.id === asset.id) send(...next);
  }
}

/** A keep or remove point at p, the box widened round a keep point outside it; applied at once. */
function addPoint(p) {
  if (!editor.box) editor.box = defaultBox();
  const m = Math.round(Math.max(editor.asset.width, editor.asset.height) * MARGIN);
  const b = editor.box;
  if (editor.tool === 'include' && !(p[0] >= b.x && p[1] >= b.y && p[0] < b.x + b.width && p[1] < b.y + b.height)) {
    const x0 = Math.min(b.x, p[0] - m), y0 = Math.min(b.y, p[1] - m);
    editor.box = clampBox({ x: x0, y: y0, width: Math.max(b.x + b.width, p[0] + m) - x0, height: Math.max(b.y + b.height, p[1] + m) - y0 });
  }
  (editor.tool === 'include' ? editor.include : editor.exclude).push([Math.min(p[0], editor.asset.width - 1), Math.min(p[1], editor.asset.height - 1)]);
  draw(); readout();
  applyHint();
}

// ---- input -------------------------------------------------------------------------------------------
function setTool(tool) {
  editor.tool = tool;
  for (const [t, id] of Object.entries(TOOLS)) $(id).setAttribute('aria-pressed', String(t === tool));
  $('editor').classList.toggle('box-mode', tool === 'box');
  $('editor').classList.toggle('point-mode', tool !== 'box');
  draw(); readout();
}

function onPointerDown(ev) {
  if (!editor.asset || ev.button !== 0) return;
  ev.preventDefault();
  $('editor').focus();
  const p = toPhoto(ev);
  if (editor.tool !== 'box') { addPoint(p); return; }
  editor.drag = { mode: grab(p) || 'new', start: p, orig: editor.box, css: [ev.clientX, ev.clientY] };
  $('editor').setPointerCapture(ev.pointerId);
}

function onPointerMove(ev) {
  const d = editor.drag;
  if (!d) { if (editor.tool === 'box') $('editor').dataset.grab = editor.asset ? grab(toPhoto(ev)) || '' : ''; return; }
  if (Math.hypot(ev.clientX - d.css[0], ev.clientY - d.css[1]) >= MIN_DRAG) d.moved = true;
  if (!d.moved) return;
  editor.box = dragged(d, toPhoto(ev));
  draw(); readout();
}

function onPointerUp(ev) {
  const d = editor.drag;
  if (!d) return;
  editor.drag = null;
  const k = $('overlay').getBoundingClientRect().width / editor.asset.width;
  if (ev.type === 'pointercancel' || !d.moved
      || (d.mode === 'new' && (editor.box.width * k < MIN_DRAG || editor.box.height * k < MIN_DRAG))) {
    editor.box = d.orig; // a click or an interrupted drag: no new box
    draw(); readout();
    return;
  }
  applyHint();
}

/** Arrows move the box (Shift: resize it) or the point marker; Enter or Space applies; Esc undoes. */
function onEditorKey(ev) {
  if (!editor.asset) return;
  const a = editor.asset;
  const dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[ev.key];
  const step = Math.max(1, Math.round(Math.max(a.width, a.height) / 100));
  if (dir) {
    ev.preventDefault();
    if (editor.tool === 'box') {
      const b = editor.box;
      if (!b) {
        editor.box = defaultBox(); // the first press shows the box to start from
      } else if (ev.shiftKey) {
        editor.box = clampBox({ x: b.x, y: b.y, width: Math.max(2 * step, b.width + dir[0] * step), height: Math.max(2 * step, b.height + dir[1] * step) });
      } else {
        editor.box = { x: Math.max(0, Math.min(a.width - b.width, b.x + dir[0] * step)),
          y: Math.max(0, Math.min(a.height - b.height, b.y + dir[1] * step)), width: b.width, height: b.height };
      }
    } else if (!editor.marker) {
      const b = editor.box || defaultBox();
      editor.marker = [Math.round(b.x + b.width / 2), Math.round(b.y + b.height / 2)];
    } else {
      const s = ev.shiftKey ? 5 * step : step;
      editor.marker = [Math.max(0, Math.min(a.width - 1, editor.marker[0] + dir[0] * s)), Math.max(0, Math.min(a.height - 1, editor.marker[1] + dir[1] * s))];
    }
    draw(); readout();
  } else if (ev.key === 'Enter' || ev.key === ' ') {
    ev.preventDefault();
    if (editor.tool === 'box') applyHint();
    else if (editor.marker) addPoint(editor.marker);
    else status('cutout-status', 'Press an arrow key to show the point marker, then Enter to add a point there.');
  } else if (ev.key === 'Escape') {
    editor.box = editor.applied ? JSON.parse(editor.applied) : null;
    editor.marker = null;
    draw(); readout();
  }
}

function initEditor() {
  const ed = $('editor');
  ed.addEventListener('pointerdown', onPointerDown);
  ed.addEventListener('pointermove', onPointerMove);
  ed.addEventListener('pointerup', onPointerUp);
  ed.addEventListener('pointercancel', onPointerUp);
  ed.addEventListener('keydown', onEditorKey);
  ed.addEventListener('focus', () => {
    draw();
    if (!editor.box && editor.asset) status('cutout-status', editor.tool === 'box'
        ? 'Arrow keys show a box round the product to move; Shift+arrows resize it; Enter applies.'
        : 'Arrow keys move the point marker; Enter adds a point there.');
  });
  ed.addEventListener('blur', draw);
  for (const [t, id] of Object.entries(TOOLS)) $(id).addEventListener('click', () => setTool(t));
  $('apply-hint').addEventListener('click', applyHint);
  $('clear-hint').addEventListener('click', () => {
    Object.assign(editor, { box: null, applied: null, include: [], exclude: [], marker: null });
    draw(); readout();
    status('cutout-status', 'Box and points cleared; the cut-out is as it was.');
  });
  $('mask-button').addEventListener('click', () => $('mask-file').click());
  $('mask-file').addEventListener('change', () => {
    const file = $('mask-file').files[0];
    $('mask-file').value = '';
    applyMaskFile(file);
  });
  let width = 0;
  new ResizeObserver(() => {
    if ($('editor-wrap').clientWidth !== width) { width = $('editor-wrap').clientWidth; layoutEditor(); }
  }).observe($('editor-wrap'));
}

document.addEventListener('DOMContentLoaded', initEditor);
