// The cardgen playground: plain browser JavaScript against the public API, nothing else.
'use strict';

const API = '/api/v1';
const PRESETS = {
  'market1-3x4': [1200, 2400], 'market2-3x4': [1200, 2400], 'market3-3x4': [1200],
  'market4-1x1': [1200, 2000], 'market5-1x1': [1200], 'stories-9x16': [1080]
};
const STAGES = ['subject', 'scene', 'layout', 'render'];
const $ = (id) => document.getElementById(id);
const state = { asset: null, generation: null, chosen: null, source: null, projectId: null };

function key() { return sessionStorage.getItem('cardgen.key') || ''; }

/** Calls the API; resolves to the JSON body, or throws an Error carrying the API's error object. */
async function api(path, options = {}) {
  const headers = Object.assign({ Authorization: 'Bearer ' + key() }, options.headers || {});
  let res;
  try {
    res = await fetch(API + path, Object.assign({}, options, { headers }));
  } catch (e) {
    throw Object.assign(new Error('The service could not be reached (' + e.message + ').'), { code: 'network_error' });
  }
  if (!res.ok) throw await apiError(res);
  const text = await res.text();
  try { return text ? JSON.parse(text) : null; } catch (e) { return null; }
}

/** The Error for a failed response: the API's error object when the body is one, else the HTTP status. */
async function apiError(res) {
  let body = null;
  try { body = JSON.parse(await res.text()); } catch (e) { /* not JSON: the status speaks */ }
  const err = body && body.error ? body.error : { message: 'HTTP ' + res.status + ' ' + res.statusText, code: 'http_' + res.status };
  return Object.assign(new Error(err.message), { code: err.code, param: err.param, status: res.status, requestId: res.headers.get('X-Request-Id') });
}

/**
 * Why a URL the browser loaded by itself (EventSource, <img>) failed: those hide the answer, so the
 * URL is fetched once more and the API's error read from it; `fallback` when it gives none.
 */
async function failureOf(url, fallback) {
  try {
    const res = await fetch(url);
    if (!res.ok) return await apiError(res);
    if (res.body) res.body.cancel();
  } catch (e) { /* unreachable: the fallback says so */ }
  return Object.assign(new Error(fallback), { code: 'load_failed' });
}

/** Shows the API's reason in the box `boxId` when `img` fails to load. */
function reportImageErrors(img, boxId, what) {
  img.addEventListener('error', async () => {
    const src = img.currentSrc || img.src;
    if (!src) return;
    showError(boxId, src.startsWith('blob:')
        ? { message: what + ' could not be shown: the browser cannot decode it.', code: 'image_unreadable' }
        : await failureOf(src, what + ' could not be loaded.'));
  });
}

function showError(id, err) {
  const box = $(id);
  if (!err) { box.hidden = true; box.textContent = ''; return; }
  box.textContent = '';
  box.append(document.createTextNode(err.message || String(err)));
  const details = [err.status, err.code, err.param && 'param: ' + err.param, err.requestId].filter(Boolean).join(' · ');
  if (details) {
    const code = document.createElement('code');
    code.textContent = ' (' + details + ')';
    box.append(code);
  }
  box.hidden = false;
}

function status(id, text) { $(id).textContent = text; }

// ---- key ------------------------------------------------------------------------------------
async function initKey() {
  $('api-key').value = key();
  if (!key()) {
    try {
      const cfg = await (await fetch('/playground/config.json')).json();
      if (cfg.dev_key) { $('api-key').value = cfg.dev_key; sessionStorage.setItem('cardgen.key', cfg.dev_key); }
    } catch (e) { /* no dev key: the user pastes one */ }
  }
  $('key-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    sessionStorage.setItem('cardgen.key', $('api-key').value.trim());
    await loadTemplates();
  });
  if (key()) await loadTemplates();
}

async function loadTemplates() {
  showError('key-error', null);
  try {
    const list = await api('/templates');
    const select = $('template');
    const current = select.value;
    select.textContent = '';
    for (const t of list.data) {
      const o = document.createElement('option');
      o.value = t.id; o.textContent = t.name; o.title = t.description;
      select.append(o);
    }
    if (current) select.value = current;
    updatePlaceholders();
  } catch (e) {
    showError('key-error', e);
  }
}

// ---- photo ----------------------------------------------------------------------------------
function initUpload() {
  reportImageErrors($('asset-photo'), 'upload-error', 'The photo');
  reportImageErrors($('cutout'), 'upload-error', 'The cut-out');
  const drop = $('drop');
  $('file').addEventListener('change', () => { if ($('file').files[0]) upload($('file').files[0]); });
  drop.addEventListener('dragover', (ev) => { ev.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (ev) => {
    ev.preventDefault(); drop.classList.remove('over');
    if (ev.dataTransfer.files[0]) upload(ev.dataTransfer.files[0]);
  });
}

async function upload(file) {
  showError('upload-error', null);
  status('upload-status', 'Uploading ' + file.name + ' (' + (file.size / 1048576).toFixed(1) + ' MB)…');
  const form = new FormData();
  form.append('file', file);
  try {
    const asset = await api('/assets', { method: 'POST', body: form });
    state.asset = asset;
    state.projectId = asset.project_id;
    state.fileName = file.name;
    $('cutout-figure').hidden = true;
    $('asset').hidden = false;
    showAssetFacts(asset);
    editorShow(asset, file);
    status('upload-status', 'Uploaded.');
    $('generate').disabled = false;
    updatePlaceholders();
    loadCutout(asset.id);
    loadHistory();
  } catch (e) {
    status('upload-status', '');
    showError('upload-error', e);
  }
}

function showAssetFacts(asset) {
  $('asset-id').textContent = asset.id;
  $('asset-size').textContent = asset.width + ' × ' + asset.height + ' px · ' + (asset.bytes / 1048576).toFixed(1) + ' MB';
  $('asset-subject').textContent = asset.subject_detected ? 'yes' : 'no — check the result';
  $('asset-subject').className = asset.subject_detected ? 'yes' : 'no';
  $('asset-cutout').textContent = cutoutFacts(asset);
}

/**
 * The cut-out is shown when the service has one for the asset (200). None to show is silent: 409
 * (no subject detected) and 404 (the asset went meanwhile); any other answer is an error shown.
 */
async function loadCutout(assetId) {
  let res;
  try {
    // Revalidated: the URL stays while the cut-out gets new versions (its ETag names the version).
    res = await fetch(API + '/assets/' + assetId + '/cutout', { cache: 'no-cache', headers: { Authorization: 'Bearer ' + key() } });
  } catch (e) {
    showError('upload-error', { message: 'The cut-out could not be loaded (' + e.message + ').', code: 'network_error' });
    return;
  }
  if (res.status === 404 || res.status === 409) {
    $('cutout-figure').hidden = true;
    return;
  }
  if (!res.ok) {
    showError('upload-error', await apiError(res));
    return;
  }
  if ($('cutout').src.startsWith('blob:')) URL.revokeObjectURL($('cutout').src);
  $('cutout').src = URL.createObjectURL(await res.blob());
  $('cutout-figure').hidden = false;
}

// ---- texts: what the service will fill in -----------------------------------------------------
// The server's TextFiller (render/TextFiller.java), rule for rule: keep the two in step.
const CAMERA = /^(img|dsc|dscn|dscf|pxl|mvimg|vid|photo|image|screenshot|scan|whatsapp|copy|final|edited|pic|picture|snapshot|untitled|mp|\(\d+\))$/i;
const CAMERA_PREFIXED = /^(img|dsc|dscn|dscf|pxl|mvimg|vid|gopr|p)\d+$/i;
const NUMBERISH = /^[\d()[\]]+$|^(?=.*\d)[0-9a-fA-F]{8,}$/;
const TITLE_MAX = 120;
const cyrillic = (s) => /[\u0400-\u04FF]/.test(s || '');

/** The cleaned file name, or null when nothing meaningful is left. */
function titleFromFileName(fileName) {
  let name = fileName.replace(/\\/g, '/');
  name = name.substring(name.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot > 0 && name.length - dot <= 5) name = name.substring(0, dot);
  // Java's (?U)\s: every Unicode white space, the no-break ones too.
  const words = name.split(/[\t\n\x0B\f\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000_.-]+/)
      .filter((w) => w && !CAMERA.test(w) && !CAMERA_PREFIXED.test(w) && !NUMBERISH.test(w));
  if (!words.length) return null;
  let t = words.join(' ');
  if (t.length > TITLE_MAX) {
    const cut = t.lastIndexOf(' ', TITLE_MAX);
    t = t.substring(0, cut > 0 ? cut : TITLE_MAX);
  }
  return t.charAt(0).toUpperCase() + t.substring(1);
}

/** The texts the service fills in for what the form would send now. */
function filledTexts(template) {
  const given = {};
  for (const f of ['title', 'subtitle', 'badge']) given[f] = $(f).value.trim() || null;
  const facts = $('facts').value.split('\n').map((s) => s.trim()).filter(Boolean);
  const title = given.title || (state.fileName ? titleFromFileName(state.fileName) : null);
  const ru = cyrillic(title) || cyrillic(given.subtitle) || cyrillic(given.badge) || facts.some(cyrillic);
  const subtitle = { gradient: ru ? 'Свежий взгляд, качество на каждый день' : 'Fresh look, everyday quality',
    infographic: ru ? 'Главное о товаре' : 'Key features at a glance' }[template] || null;
  const badge = template === 'bold' ? (ru ? 'ХИТ' : 'HIT')
      : template === 'infographic' || template === 'white' ? null : (ru ? 'НОВИНКА' : 'NEW');
  return { title: title || (ru ? 'Новинка' : 'New arrival'), subtitle, badge };
}

function updatePlaceholders() {
  const known = ['studio', 'bold', 'gradient', 'infographic', 'white'];
  const t = known.includes($('template').value) ? $('template').value : 'studio'; // as the server normalises
  if (t === 'white') { // the white card is the product alone: no text is drawn
    for (const f of ['title', 'subtitle', 'badge', 'facts']) $(f).placeholder = 'Not drawn on the white template';
    return;
  }
  const filled = filledTexts(t);
  $('title').placeholder = 'Auto: ' + filled.title;
  $('subtitle').placeholder = filled.subtitle ? 'Auto: ' + filled.subtitle : 'Auto: none for this template';
  $('badge').placeholder = filled.badge ? 'Auto: ' + filled.badge : 'Auto: none for this template';
  $('facts').placeholder = 'None unless you write them';
}

// ---- generation, live ---------------------------------------------------------------------------
function initGeneration() {
  for (const id of ['template', 'title', 'subtitle', 'badge', 'facts']) $(id).addEventListener('input', updatePlaceholders);
  $('gen-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (!state.asset) return;
    showError('gen-error', null);
    const text = {};
    for (const f of ['title', 'subtitle', 'badge']) if ($(f).value.trim()) text[f] = $(f).value.trim();
    const facts = $('facts').value.split('\n').map((s) => s.trim()).filter(Boolean);
    if (facts.length) text.facts = facts;
    const body = { asset_id: state.asset.id, template: $('template').value || undefined,
      variants: Number($('variants').value), text };
    if ($('marketplace').value) body.marketplace = $('marketplace').value;
    if ($('ratio').value) body.ratio = $('ratio').value;
    $('generate').disabled = true;
    try {
      const gen = await api('/generations', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      watch(gen);
    } catch (e) {
      showError('gen-error', e);
      $('generate').disabled = false;
    }
  });
}

function watch(gen) {
  if (state.source) state.source.close();
  state.generation = gen;
  state.chosen = null;
  $('export').disabled = true;
  $('variants-grid').textContent = '';
  setProgress(0, null);
  status('gen-status', 'Queued: ' + gen.id + ' · ' + gen.variants_requested + ' variant(s)'
      + (state.asset && state.asset.cutout_version ? ' · cut-out version ' + state.asset.cutout_version : ''));
  const source = new EventSource(gen.stream_url);
  state.source = source;
  source.addEventListener('progress', (ev) => {
    const d = JSON.parse(ev.data);
    setProgress(d.progress, d.stage);
    status('gen-status', 'Running: ' + d.stage + ' · ' + Math.round(d.progress * 100) + ' %');
  });
  source.addEventListener('variant', (ev) => addVariant(JSON.parse(ev.data)));
  source.addEventListener('done', (ev) => {
    const d = JSON.parse(ev.data);
    source.close();
    setProgress(1, 'done');
    status('gen-status', 'Completed: ' + d.variants + ' variant(s). Pick one to export.');
    $('generate').disabled = false;
    showFilledTexts(gen.id);
  });
  source.addEventListener('error', (ev) => {
    if (ev.data) { // the stream's own error event, not a connection problem
      const d = JSON.parse(ev.data);
      source.close();
      showError('gen-error', { message: d.message, code: d.code });
      status('gen-status', 'Failed.');
      $('generate').disabled = false;
    } else if (source.readyState === EventSource.CLOSED) {
      // The browser refused the answer (not 200 text/event-stream) and keeps it from us: ask again for the reason.
      $('generate').disabled = false;
      failureOf(gen.stream_url, 'The event stream could not be opened.').then((e) => {
        if (state.source === source) showError('gen-error', e);
      });
    }
  });
}

function setProgress(p, stage) {
  $('bar').style.width = Math.round(p * 100) + '%';
  $('bar').parentElement.setAttribute('aria-valuenow', String(Math.round(p * 100)));
  const at = stage === 'done' ? STAGES.length : STAGES.indexOf(stage);
  document.querySelectorAll('#stages li').forEach((li, i) => {
    li.classList.toggle('done', at > i);
    li.classList.toggle('active', at === i);
  });
}

function addVariant(v) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'variant';
  button.setAttribute('role', 'radio');
  button.setAttribute('aria-checked', 'false');
  button.tabIndex = -1; // one stop for the group: the chosen variant (roving tabindex)
  button.addEventListener('keydown', onVariantKey);
  button.dataset.index = v.index;
  const img = document.createElement('img');
  reportImageErrors(img, 'gen-error', 'The preview of variant ' + (v.index + 1));
  img.src = v.preview_url;
  img.alt = 'Variant ' + (v.index + 1);
  const label = document.createElement('span');
  label.textContent = 'Variant ' + (v.index + 1);
  button.append(img, label);
  button.addEventListener('click', () => choose(v.index));
  $('variants-grid').append(button);
  if (state.chosen === null) choose(v.index);
}

function choose(index, focus) {
  state.chosen = index;
  document.querySelectorAll('.variant').forEach((b) => {
    const on = Number(b.dataset.index) === index;
    b.setAttribute('aria-checked', String(on));
    b.tabIndex = on ? 0 : -1;
    if (on && focus) b.focus();
  });
  $('export').disabled = false;
}

/** The radio group's keys (the WAI-ARIA radio pattern): arrows move the choice and the focus, wrapping; Home, End. */
function onVariantKey(ev) {
  const all = Array.from(document.querySelectorAll('.variant'));
  const at = all.indexOf(ev.currentTarget);
  const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  choose(Number(all[(to + all.length) % all.length].dataset.index), true);
}

async function showFilledTexts(genId) {
  try {
    const g = await api('/generations/' + genId);
    if (g.template === 'white') return; // no text was drawn
    const t = g.text || {};
    for (const f of ['title', 'subtitle', 'badge']) $(f).placeholder = t[f] ? 'Used: ' + t[f] : 'Used: none';
  } catch (e) { /* placeholders keep the estimate */ }
}

// ---- export and history -------------------------------------------------------------------------
function initExport() {
  const preset = $('preset');
  for (const p of Object.keys(PRESETS)) {
    const o = document.createElement('option');
    o.value = o.textContent = p;
    preset.append(o);
  }
  const widths = () => {
    $('width').textContent = '';
    for (const w of PRESETS[preset.value]) {
      const o = document.createElement('option');
      o.value = w; o.textContent = w + ' px';
      $('width').append(o);
    }
  };
  preset.addEventListener('change', widths);
  widths();
  $('export-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (!state.generation || state.chosen === null) return;
    showError('export-error', null);
    $('export').disabled = true;
    try {
      let exp = await api('/exports', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({
        generation_id: state.generation.id, variant: state.chosen, preset: preset.value,
        width: Number($('width').value), format: $('format').value }) });
      status('export-status', 'Rendering ' + exp.width + ' × ' + exp.height + ' ' + exp.format.toUpperCase() + '…');
      while (exp.status === 'processing') {
        await new Promise((r) => setTimeout(r, 700));
        exp = await api('/exports/' + exp.id);
      }
      if (exp.status === 'ready') {
        const box = $('export-status');
        box.textContent = 'Ready: ' + exp.width + ' × ' + exp.height + ', ' + Math.round(exp.bytes / 1024) + ' KB. ';
        const a = document.createElement('a');
        a.href = exp.download_url; a.className = 'download'; a.id = 'download'; a.textContent = 'Download';
        a.setAttribute('download', '');
        box.append(a);
      } else {
        showError('export-error', exp.error || { message: 'The export failed.' });
        status('export-status', '');
      }
      loadHistory();
    } catch (e) {
      showError('export-error', e);
      status('export-status', '');
    } finally {
      $('export').disabled = false;
    }
  });
  $('refresh-history').addEventListener('click', loadHistory);
}

async function loadHistory() {
  if (!state.projectId) return;
  showError('history-error', null);
  $('history-project').textContent = '· ' + state.projectId;
  try {
    const list = await api('/exports?limit=20&project_id=' + encodeURIComponent(state.projectId));
    const ul = $('history');
    ul.textContent = '';
    if (!list.data.length) {
      const li = document.createElement('li');
      li.className = 'muted'; li.textContent = 'No exports in this project yet.';
      ul.append(li);
    }
    for (const e of list.data) {
      const li = document.createElement('li');
      const what = document.createElement('div');
      what.innerHTML = '<strong></strong><div class="meta"></div>';
      what.querySelector('strong').textContent = e.preset + ' · ' + e.width + '×' + e.height + ' ' + e.format.toUpperCase();
      what.querySelector('.meta').textContent = e.id + ' · variant ' + (e.variant + 1) + ' · ' + new Date(e.created_at).toLocaleString();
      const right = document.createElement('div');
      const pill = document.createElement('span');
      pill.className = 'pill ' + e.status; pill.textContent = e.status;
      right.append(pill);
      if (e.download_url) {
        const a = document.createElement('a');
        a.href = e.download_url; a.textContent = ' Download'; a.setAttribute('download', '');
        right.append(a);
      }
      li.append(what, right);
      ul.append(li);
    }
  } catch (e) {
    showError('history-error', e);
  }
}

document.addEventListener('DOMContentLoaded', () => {
  initUpload();
  initGeneration();
  initExport();
  initKey();
});
