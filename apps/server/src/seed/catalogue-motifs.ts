import { around, canvas, eyes, face, happyEyes, INK, smile, twinkles, type Art } from './catalogue-svg';

/** Twelve cheerful motifs: the predefined user avatars (media type 8). */
export const MOTIFS: Art[] = [
  {
    name: 'sun',
    svg: canvas('#fff5cc', `${around(12, '<rect x="120" y="18" width="16" height="44" rx="8" fill="#ffb300"/>')}<circle cx="128" cy="128" r="64" fill="#ffd23f"/>${face(120, 24)}`),
  },
  {
    name: 'moon',
    svg: canvas(
      '#1f2a5a',
      `${twinkles([[48, 56, 10], [206, 74, 8], [60, 196, 7], [210, 200, 11]])}<circle cx="128" cy="128" r="72" fill="#f3e9b5"/>
      <circle cx="96" cy="92" r="10" fill="#e2d596"/><circle cx="170" cy="160" r="14" fill="#e2d596"/><circle cx="160" cy="96" r="6" fill="#e2d596"/>
      ${happyEyes(128, 26)}${smile(146, 12)}`,
    ),
  },
  {
    name: 'star',
    svg: canvas(
      '#ffe8f0',
      `<path d="M128 30 L152 96 L222 98 L166 140 L186 208 L128 168 L70 208 L90 140 L34 98 L104 96Z" fill="#ffc93c" stroke="#f5a623" stroke-width="8" stroke-linejoin="round"/>${face(124, 22)}`,
    ),
  },
  {
    name: 'cloud',
    svg: canvas(
      '#cfe9ff',
      `<g fill="#fff"><circle cx="88" cy="142" r="44"/><circle cx="134" cy="110" r="56"/><circle cx="178" cy="146" r="40"/><rect x="60" y="140" width="146" height="46" rx="23"/></g>${face(136, 26, 130)}`,
    ),
  },
  {
    name: 'flower',
    svg: canvas('#e3f9e5', `${around(8, '<ellipse cx="128" cy="66" rx="30" ry="42" fill="#ff7eb6"/>')}<circle cx="128" cy="128" r="50" fill="#ffd23f"/>${face(122, 18)}`),
  },
  {
    name: 'cactus',
    svg: canvas(
      '#fdf0d5',
      `<g fill="#4caf73"><rect x="60" y="78" width="28" height="64" rx="14"/><rect x="60" y="118" width="50" height="26" rx="13"/>
      <rect x="168" y="62" width="28" height="64" rx="14"/><rect x="146" y="100" width="50" height="26" rx="13"/>
      <rect x="92" y="46" width="72" height="146" rx="36"/></g>${face(108, 16)}
      <path d="M76 186 h104 l-12 48 h-80Z" fill="#e07a4f"/><rect x="70" y="180" width="116" height="16" rx="6" fill="#c8623a"/>`,
    ),
  },
  {
    name: 'mushroom',
    svg: canvas(
      '#e9f7ef',
      `<path d="M96 128 h64 v70 a20 20 0 0 1 -20 20 h-24 a20 20 0 0 1 -20 -20Z" fill="#fff3dc"/>
      <path d="M36 136 Q40 42 128 40 Q216 42 220 136Z" fill="#e94b4b"/><circle cx="88" cy="90" r="14" fill="#fff"/><circle cx="140" cy="70" r="11" fill="#fff"/>
      <circle cx="176" cy="108" r="13" fill="#fff"/><circle cx="118" cy="116" r="8" fill="#fff"/>${face(162, 16)}`,
    ),
  },
  {
    name: 'planet',
    svg: canvas(
      '#241e4e',
      `${twinkles([[44, 48, 9], [214, 56, 7], [40, 210, 8], [206, 214, 10]])}<circle cx="128" cy="128" r="64" fill="#9b7bff"/>
      <path d="M72 104 Q128 88 186 108" stroke="#b9a3ff" stroke-width="10" fill="none" stroke-linecap="round"/>
      <ellipse cx="128" cy="158" rx="112" ry="22" fill="none" stroke="#ffcf5c" stroke-width="10" transform="rotate(-10 128 158)"/>${face(116, 22)}`,
    ),
  },
  {
    name: 'rocket',
    svg: canvas(
      '#d8ecff',
      `<path d="M112 186 Q128 246 144 186Z" fill="#ff9f1c"/><path d="M118 186 Q128 224 138 186Z" fill="#ffd23f"/>
      <path d="M94 150 L64 196 L102 184Z M162 150 L192 196 L154 184Z" fill="#e94b4b"/>
      <path d="M128 28 Q176 70 164 188 H92 Q80 70 128 28Z" fill="#f4f6fb" stroke="#c5cede" stroke-width="4"/>
      <circle cx="128" cy="104" r="24" fill="#4aa3ff" stroke="#2d6cdf" stroke-width="6"/><path d="M112 60 Q128 40 144 60Z" fill="#e94b4b"/>`,
    ),
  },
  {
    name: 'rainbow',
    svg: canvas(
      '#eaf6ff',
      `${['#ff5a5f', '#ffb400', '#ffe14d', '#4cd37a', '#3fa9f5', '#8e6cff']
        .map((c, i) => `<path d="M${36 + i * 12} 176 A${92 - i * 12} ${92 - i * 12} 0 0 1 ${220 - i * 12} 176" fill="none" stroke="${c}" stroke-width="13"/>`)
        .join('')}
      <g fill="#fff"><circle cx="42" cy="182" r="22"/><circle cx="66" cy="188" r="18"/><circle cx="214" cy="182" r="22"/><circle cx="190" cy="188" r="18"/></g>`,
    ),
  },
  {
    name: 'whale',
    svg: canvas(
      '#d5f4f4',
      `<path d="M128 70 v-22 M128 52 q-14 -18 -28 -6 M128 52 q14 -18 28 -6" stroke="#4aa3ff" stroke-width="7" fill="none" stroke-linecap="round"/>
      <path d="M40 150 Q40 84 124 84 Q196 84 200 146 L228 118 Q238 150 222 172 Q210 206 128 206 Q40 206 40 150Z" fill="#3d7fd9"/>
      <path d="M52 168 Q128 212 196 168 Q176 200 128 200 Q74 200 52 168Z" fill="#bfe0ff"/>${eyes(138, 0, 9, 84)}${smile(160, 10, 108)}`,
    ),
  },
  {
    name: 'balloons',
    svg: canvas(
      '#fde2e4',
      `<path d="M84 150 Q92 190 128 230 M172 150 Q162 190 128 230 M128 130 L128 230" stroke="${INK}" stroke-width="3" fill="none"/>
      <ellipse cx="84" cy="104" rx="38" ry="46" fill="#ff5a5f"/><ellipse cx="172" cy="104" rx="38" ry="46" fill="#3fa9f5"/>
      <ellipse cx="128" cy="86" rx="40" ry="48" fill="#ffd23f"/><ellipse cx="114" cy="66" rx="8" ry="14" fill="#fff" opacity="0.7"/>
      <ellipse cx="70" cy="86" rx="7" ry="12" fill="#fff" opacity="0.6"/><ellipse cx="158" cy="86" rx="7" ry="12" fill="#fff" opacity="0.6"/>`,
    ),
  },
];

/** Eight classroom pictures: the predefined class avatars (media type 31, no uploader). */
export const CLASS_PICTURES: Art[] = [
  {
    name: 'book',
    svg: canvas(
      '#e8f0ff',
      `<path d="M128 78 Q96 58 44 66 V190 Q96 182 128 202 Q160 182 212 190 V66 Q160 58 128 78Z" fill="#4f7cff"/>
      <path d="M124 84 Q96 66 56 72 V180 Q96 176 124 192Z M132 84 Q160 66 200 72 V180 Q160 176 132 192Z" fill="#fff"/>
      <path d="M70 98 Q94 94 112 102 M70 118 Q94 114 112 122 M144 102 Q162 94 186 98 M144 122 Q162 114 186 118" stroke="#b8c7ee" stroke-width="5" stroke-linecap="round"/>`,
    ),
  },
  {
    name: 'globe',
    svg: canvas(
      '#e3f7ff',
      `<rect x="118" y="196" width="20" height="24" fill="#8a6d5a"/><rect x="82" y="216" width="92" height="14" rx="7" fill="#8a6d5a"/>
      <circle cx="128" cy="118" r="78" fill="#3fa9f5"/><path d="M76 82 Q98 70 112 88 Q120 110 100 118 Q92 140 74 132 Q60 110 76 82Z M140 60 Q176 62 188 94 Q176 104 160 96 Q144 98 146 80Z M136 132 Q164 126 176 150 Q166 178 146 180 Q132 160 136 132Z" fill="#5fd07f"/>`,
    ),
  },
  {
    name: 'palette',
    svg: canvas(
      '#fff3e0',
      `<path d="M128 40 Q220 40 220 122 Q220 168 180 166 Q150 164 156 190 Q160 220 126 218 Q38 212 38 128 Q38 40 128 40Z" fill="#f3d2a2"/>
      <circle cx="92" cy="90" r="16" fill="#ff5a5f"/><circle cx="140" cy="74" r="16" fill="#ffd23f"/><circle cx="184" cy="104" r="16" fill="#4cd37a"/>
      <circle cx="78" cy="142" r="16" fill="#3fa9f5"/><circle cx="110" cy="180" r="14" fill="#8e6cff"/>`,
    ),
  },
  {
    name: 'music',
    svg: canvas(
      '#f3e8ff',
      `<path d="M96 60 L196 40 V164" stroke="${INK}" stroke-width="12" fill="none" stroke-linejoin="round"/><path d="M96 60 V184" stroke="${INK}" stroke-width="12"/>
      <path d="M96 60 L196 40 V72 L96 92Z" fill="${INK}"/><ellipse cx="78" cy="186" rx="26" ry="20" fill="#8e6cff"/><ellipse cx="178" cy="166" rx="26" ry="20" fill="#ff7eb6"/>`,
    ),
  },
  {
    name: 'lightbulb',
    svg: canvas(
      '#fffbe0',
      `${around(8, '<rect x="124" y="10" width="8" height="22" rx="4" fill="#ffb300"/>', 128, 104)}
      <path d="M128 40 Q188 40 188 102 Q188 134 160 156 V176 H96 V156 Q68 134 68 102 Q68 40 128 40Z" fill="#ffe14d"/>
      <rect x="96" y="180" width="64" height="14" rx="5" fill="#9aa3b5"/><rect x="102" y="198" width="52" height="14" rx="5" fill="#9aa3b5"/>
      <path d="M112 156 V120 L128 134 L144 120 V156" stroke="#e0a800" stroke-width="5" fill="none"/>`,
    ),
  },
  {
    name: 'pencil',
    svg: canvas(
      '#e9fbe9',
      `<g transform="rotate(45 128 128)"><rect x="104" y="30" width="48" height="150" fill="#ffc93c"/><rect x="104" y="30" width="16" height="150" fill="#ffb300"/>
      <rect x="104" y="18" width="48" height="26" rx="8" fill="#ff7eb6"/><rect x="104" y="40" width="48" height="10" fill="#b8c0cc"/>
      <path d="M104 180 L128 226 L152 180Z" fill="#f3d2a2"/><path d="M120 210 L128 226 L136 210Z" fill="${INK}"/></g>`,
    ),
  },
  {
    name: 'atom',
    svg: canvas(
      '#e0f2f1',
      `${[0, 60, 120].map((r) => `<ellipse cx="128" cy="128" rx="96" ry="34" fill="none" stroke="#26a69a" stroke-width="8" transform="rotate(${r} 128 128)"/>`).join('')}
      <circle cx="128" cy="128" r="20" fill="#ff7043"/><circle cx="224" cy="128" r="10" fill="#5c6bc0"/><circle cx="80" cy="45" r="10" fill="#5c6bc0"/><circle cx="80" cy="211" r="10" fill="#5c6bc0"/>`,
    ),
  },
  {
    name: 'tree',
    svg: canvas(
      '#e3f2fd',
      `<rect x="112" y="150" width="32" height="74" rx="6" fill="#8d6e63"/><circle cx="128" cy="96" r="56" fill="#43a047"/>
      <circle cx="80" cy="130" r="42" fill="#4caf50"/><circle cx="176" cy="130" r="42" fill="#4caf50"/>
      <circle cx="104" cy="92" r="9" fill="#ff5a5f"/><circle cx="156" cy="112" r="9" fill="#ff5a5f"/><circle cx="92" cy="140" r="9" fill="#ff5a5f"/><circle cx="166" cy="150" r="9" fill="#ff5a5f"/>`,
    ),
  },
];
