import { canvas, cheeks, eyes, INK, smile, type Art } from './catalogue-svg';

/** Twelve animal faces: the predefined student avatars (media type 38). */
export const ANIMALS: Art[] = [
  {
    name: 'fox',
    svg: canvas(
      '#ffe3c2',
      `<path d="M60 122 L68 38 L122 82Z" fill="#f28c28"/><path d="M196 122 L188 38 L134 82Z" fill="#f28c28"/>
      <path d="M72 104 L76 58 L106 84Z" fill="#7a3b12"/><path d="M184 104 L180 58 L150 84Z" fill="#7a3b12"/>
      <path d="M52 116 Q58 204 128 216 Q198 204 204 116 Q192 70 128 68 Q64 70 52 116Z" fill="#f28c28"/>
      <path d="M70 146 Q128 124 186 146 Q172 208 128 214 Q84 208 70 146Z" fill="#fff"/>
      ${eyes(130, 38)}<ellipse cx="128" cy="170" rx="12" ry="8" fill="${INK}"/>${smile(184, 10)}`,
    ),
  },
  {
    name: 'cat',
    svg: canvas(
      '#e0e7ff',
      `<path d="M56 110 L62 40 L116 74Z" fill="#9aa3b5"/><path d="M200 110 L194 40 L140 74Z" fill="#9aa3b5"/>
      <path d="M70 92 L72 56 L102 76Z" fill="#ffb3c1"/><path d="M186 92 L184 56 L154 76Z" fill="#ffb3c1"/>
      <ellipse cx="128" cy="140" rx="84" ry="74" fill="#9aa3b5"/>
      <path d="M116 70 L120 94 M128 68 L128 94 M140 70 L136 94" stroke="#6d7587" stroke-width="6" stroke-linecap="round"/>
      ${eyes(134, 34, 10)}<path d="M120 160 L136 160 L128 170Z" fill="#ff7b93"/>
      <path d="M128 170 Q120 182 110 178 M128 170 Q136 182 146 178" fill="none" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>
      <path d="M40 150 L92 158 M42 172 L92 166 M216 150 L164 158 M214 172 L164 166" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>`,
    ),
  },
  {
    name: 'dog',
    svg: canvas(
      '#fff1c1',
      `<circle cx="128" cy="136" r="80" fill="#c98b52"/>
      <ellipse cx="54" cy="118" rx="26" ry="56" fill="#7b4a26" transform="rotate(18 54 118)"/>
      <ellipse cx="202" cy="118" rx="26" ry="56" fill="#7b4a26" transform="rotate(-18 202 118)"/>
      <ellipse cx="152" cy="108" rx="24" ry="20" fill="#a86a36"/><ellipse cx="128" cy="172" rx="44" ry="34" fill="#f3d9b6"/>
      ${eyes(124, 32)}<ellipse cx="128" cy="156" rx="15" ry="11" fill="${INK}"/>
      <path d="M128 166 L128 178 M112 178 Q128 192 144 178" fill="none" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>
      <path d="M120 184 Q128 204 136 184Z" fill="#ff6b81"/>`,
    ),
  },
  {
    name: 'bear',
    svg: canvas(
      '#d9f2e6',
      `<circle cx="66" cy="78" r="30" fill="#8b5a3c"/><circle cx="190" cy="78" r="30" fill="#8b5a3c"/>
      <circle cx="66" cy="78" r="15" fill="#d9a57b"/><circle cx="190" cy="78" r="15" fill="#d9a57b"/>
      <circle cx="128" cy="140" r="82" fill="#8b5a3c"/><ellipse cx="128" cy="170" rx="40" ry="32" fill="#e7c09a"/>
      ${eyes(128, 34)}<ellipse cx="128" cy="158" rx="14" ry="10" fill="${INK}"/>${smile(176, 12)}${cheeks(160, 54)}`,
    ),
  },
  {
    name: 'panda',
    svg: canvas(
      '#e6f7ff',
      `<circle cx="64" cy="76" r="30" fill="${INK}"/><circle cx="192" cy="76" r="30" fill="${INK}"/>
      <circle cx="128" cy="140" r="84" fill="#fff" stroke="#d5e3ea" stroke-width="3"/>
      <ellipse cx="94" cy="132" rx="22" ry="28" fill="${INK}" transform="rotate(30 94 132)"/>
      <ellipse cx="162" cy="132" rx="22" ry="28" fill="${INK}" transform="rotate(-30 162 132)"/>
      <circle cx="98" cy="130" r="8" fill="#fff"/><circle cx="158" cy="130" r="8" fill="#fff"/>
      <ellipse cx="128" cy="166" rx="13" ry="9" fill="${INK}"/>${smile(180, 10)}${cheeks(170, 58)}`,
    ),
  },
  {
    name: 'rabbit',
    svg: canvas(
      '#ffe4ef',
      `<ellipse cx="96" cy="70" rx="22" ry="60" fill="#f4f1f6"/><ellipse cx="160" cy="70" rx="22" ry="60" fill="#f4f1f6"/>
      <ellipse cx="96" cy="74" rx="10" ry="44" fill="#ffb3c8"/><ellipse cx="160" cy="74" rx="10" ry="44" fill="#ffb3c8"/>
      <circle cx="128" cy="158" r="74" fill="#f4f1f6"/>${eyes(150, 30)}${cheeks(174, 44)}
      <path d="M120 172 L136 172 L128 181Z" fill="#ff7b9c"/>
      <path d="M128 181 V188 M128 188 Q120 196 112 190 M128 188 Q136 196 144 190" fill="none" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>`,
    ),
  },
  {
    name: 'owl',
    svg: canvas(
      '#e8f5d0',
      `<path d="M58 74 L84 96 L70 60Z M198 74 L172 96 L186 60Z" fill="#6b4a2f"/>
      <ellipse cx="128" cy="144" rx="80" ry="88" fill="#8c6239"/><ellipse cx="128" cy="176" rx="50" ry="52" fill="#e9d4b3"/>
      <path d="M140 166 l8 10 M116 166 l-8 10 M128 190 l0 12 M146 196 l6 8 M110 196 l-6 8" stroke="#c7a77c" stroke-width="4" stroke-linecap="round"/>
      <circle cx="94" cy="118" r="30" fill="#fff"/><circle cx="162" cy="118" r="30" fill="#fff"/>${eyes(118, 34, 13)}
      <path d="M118 140 L138 140 L128 156Z" fill="#f5a623"/>`,
    ),
  },
  {
    name: 'frog',
    svg: canvas(
      '#d6f5ff',
      `<circle cx="84" cy="92" r="32" fill="#5cbf4a"/><circle cx="172" cy="92" r="32" fill="#5cbf4a"/>
      <ellipse cx="128" cy="152" rx="96" ry="70" fill="#5cbf4a"/>
      <circle cx="84" cy="92" r="20" fill="#fff"/><circle cx="172" cy="92" r="20" fill="#fff"/>${eyes(94, 44, 10)}
      <path d="M74 158 Q128 210 182 158" fill="none" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>
      ${cheeks(152, 74, '#ff8f8f')}<circle cx="118" cy="132" r="4" fill="#2f7a24"/><circle cx="138" cy="132" r="4" fill="#2f7a24"/>`,
    ),
  },
  {
    name: 'penguin',
    svg: canvas(
      '#dff3ff',
      `<ellipse cx="128" cy="140" rx="84" ry="88" fill="#2f3a4f"/>
      <path d="M128 96 Q150 70 176 92 Q200 132 176 176 Q150 212 128 212 Q106 212 80 176 Q56 132 80 92 Q106 70 128 96Z" fill="#fff"/>
      ${eyes(128, 28)}<path d="M112 148 L144 148 L128 166Z" fill="#f5a623"/>${cheeks(156, 48)}`,
    ),
  },
  {
    name: 'lion',
    svg: canvas(
      '#fff0d6',
      `${Array.from({ length: 14 }, (_, i) => {
        const a = (i / 14) * Math.PI * 2;
        return `<circle cx="${(128 + Math.cos(a) * 76).toFixed(1)}" cy="${(136 + Math.sin(a) * 76).toFixed(1)}" r="30" fill="#c8641e"/>`;
      }).join('')}
      <circle cx="128" cy="136" r="78" fill="#c8641e"/><circle cx="82" cy="86" r="16" fill="#f7c04a"/><circle cx="174" cy="86" r="16" fill="#f7c04a"/>
      <circle cx="128" cy="140" r="64" fill="#f7c04a"/><ellipse cx="128" cy="168" rx="30" ry="22" fill="#fde6a8"/>
      ${eyes(128, 26)}<path d="M118 156 L138 156 L128 166Z" fill="#7a3b12"/>${smile(172, 10)}`,
    ),
  },
  {
    name: 'koala',
    svg: canvas(
      '#e7e3f5',
      `<circle cx="58" cy="100" r="40" fill="#a3a9b8"/><circle cx="198" cy="100" r="40" fill="#a3a9b8"/>
      <circle cx="58" cy="100" r="24" fill="#f0d7e0"/><circle cx="198" cy="100" r="24" fill="#f0d7e0"/>
      <ellipse cx="128" cy="146" rx="80" ry="74" fill="#a3a9b8"/>${eyes(128, 36)}
      <ellipse cx="128" cy="158" rx="20" ry="26" fill="#3f3a4a"/><ellipse cx="122" cy="148" rx="5" ry="8" fill="#6c6679"/>
      ${smile(192, 10)}${cheeks(170, 56)}`,
    ),
  },
  {
    name: 'pig',
    svg: canvas(
      '#ffe0e0',
      `<path d="M58 100 L66 46 L108 78Z" fill="#f59bb0"/><path d="M198 100 L190 46 L148 78Z" fill="#f59bb0"/>
      <circle cx="128" cy="142" r="82" fill="#ffb6c6"/>${eyes(122, 36)}
      <ellipse cx="128" cy="162" rx="32" ry="24" fill="#f58aa4"/><ellipse cx="118" cy="162" rx="6" ry="9" fill="#b04a66"/>
      <ellipse cx="138" cy="162" rx="6" ry="9" fill="#b04a66"/>${smile(192, 10)}${cheeks(150, 60, '#ff7b9c')}`,
    ),
  },
];
