import type { ImageBody } from './catalog.ts';

/**
 * Side-view silhouettes on an 800×500 canvas, facing left: the painted body, its glass, the wheel
 * centres and radius, and optional extra drawing (`detail`, where `{paint}` stands for the body colour
 * and `{stripe}` for a darker shade of it).
 */
export interface VehicleShape {
  body: string;
  windows: readonly string[];
  wheels: readonly (readonly [number, number])[];
  radius: number;
  lines?: readonly string[];
  lights: { front: readonly [number, number]; rear: readonly [number, number] };
  detail?: string;
}

const CAR_SHAPES: Record<Exclude<ImageBody, 'motorcycle' | 'caravan'>, VehicleShape> = {
  sedan: {
    body: 'M90 340 L90 302 Q92 284 122 278 L250 262 Q292 214 340 204 L500 202 Q548 206 600 256 L690 268 Q712 274 712 298 L712 340 Q712 352 700 352 L102 352 Q90 352 90 340 Z',
    windows: [
      'M264 260 Q302 220 344 212 L418 211 L418 260 Z',
      'M428 211 L496 211 Q536 216 572 258 L428 260 Z',
    ],
    wheels: [
      [210, 352],
      [592, 352],
    ],
    radius: 44,
    lines: ['M422 262 L422 340', 'M120 300 L700 300'],
    lights: { front: [98, 292], rear: [706, 290] },
  },
  hatch: {
    body: 'M110 340 L110 302 Q112 284 140 278 L262 262 Q302 212 352 200 L560 196 Q602 198 640 250 L668 262 Q690 270 690 300 L690 340 Q690 352 678 352 L122 352 Q110 352 110 340 Z',
    windows: [
      'M274 260 Q308 220 354 208 L450 206 L450 258 Z',
      'M460 206 L556 205 Q588 208 616 252 L460 258 Z',
    ],
    wheels: [
      [226, 352],
      [584, 352],
    ],
    radius: 44,
    lines: ['M455 260 L455 340', 'M130 300 L680 300'],
    lights: { front: [116, 292], rear: [684, 284] },
  },
  suv: {
    body: 'M90 345 L90 292 Q92 270 125 264 L240 250 Q270 196 320 180 L590 176 Q640 178 672 238 L700 250 Q714 256 714 282 L714 345 Q714 356 702 356 L102 356 Q90 356 90 345 Z',
    windows: [
      'M254 246 Q282 200 324 190 L450 188 L450 246 Z',
      'M460 188 L584 187 Q620 190 648 240 L460 246 Z',
    ],
    wheels: [
      [212, 356],
      [600, 356],
    ],
    radius: 50,
    lines: ['M455 250 L455 345', 'M110 292 L704 292', 'M330 170 L584 168'],
    lights: { front: [98, 282], rear: [708, 272] },
  },
  ute: {
    body: 'M80 345 L80 294 Q82 272 112 266 L220 254 Q246 200 290 186 L430 184 Q450 186 454 210 L454 250 L722 250 L722 345 Q722 356 710 356 L92 356 Q80 356 80 345 Z',
    windows: [
      'M234 250 Q258 206 292 196 L360 195 L360 250 Z',
      'M370 195 L430 195 Q442 197 444 212 L444 250 L370 250 Z',
    ],
    wheels: [
      [196, 356],
      [612, 356],
    ],
    radius: 50,
    lines: [
      'M365 252 L365 345',
      'M462 258 L714 258',
      'M100 294 L450 294',
      'M470 236 L470 250 M700 236 L700 250 M470 236 L700 236',
    ],
    lights: { front: [88, 284], rear: [716, 272] },
  },
  wagon: {
    body: 'M90 340 L90 302 Q92 284 122 278 L240 264 Q282 214 334 204 L620 200 Q660 204 690 250 L708 262 Q714 270 714 300 L714 340 Q714 352 702 352 L102 352 Q90 352 90 340 Z',
    windows: [
      'M254 262 Q294 220 338 212 L440 210 L440 260 Z',
      'M450 210 L540 209 L540 258 L450 260 Z',
      'M550 209 L616 208 Q646 212 668 254 L550 258 Z',
    ],
    wheels: [
      [208, 352],
      [598, 352],
    ],
    radius: 44,
    lines: ['M445 262 L445 340', 'M120 300 L704 300', 'M340 196 L616 192'],
    lights: { front: [98, 292], rear: [708, 284] },
  },
  van: {
    body: 'M100 350 L100 270 Q104 240 130 220 L200 150 Q214 136 240 136 L690 136 Q712 136 712 158 L712 350 Q712 362 700 362 L112 362 Q100 362 100 350 Z',
    windows: [
      'M142 226 L210 160 L290 160 L290 226 Z',
      'M300 160 L420 160 L420 226 L300 226 Z',
      'M430 160 L560 160 L560 226 L430 226 Z',
    ],
    wheels: [
      [214, 362],
      [604, 362],
    ],
    radius: 46,
    lines: ['M295 160 L295 350', 'M425 160 L425 350', 'M110 280 L706 280'],
    lights: { front: [106, 272], rear: [708, 250] },
  },
  coupe: {
    body: 'M80 340 L80 312 Q84 292 116 286 L270 270 Q330 222 390 214 L500 214 Q560 220 640 270 L700 282 Q718 288 718 310 L718 340 Q718 352 706 352 L92 352 Q80 352 80 340 Z',
    windows: [
      'M292 266 Q336 232 392 224 L470 224 L470 266 Z',
      'M480 224 L500 224 Q548 230 598 266 L480 266 Z',
    ],
    wheels: [
      [200, 352],
      [604, 352],
    ],
    radius: 44,
    lines: ['M475 268 L475 340', 'M100 306 L710 306'],
    lights: { front: [88, 302], rear: [712, 298] },
  },
  convertible: {
    body: 'M80 340 L80 312 Q84 292 116 286 L300 272 L340 262 L560 262 L660 272 Q716 282 718 310 L718 340 Q718 352 706 352 L92 352 Q80 352 80 340 Z',
    windows: ['M300 272 L356 222 L366 226 L318 272 Z'],
    wheels: [
      [200, 352],
      [604, 352],
    ],
    radius: 44,
    lines: ['M460 266 L460 340', 'M100 306 L710 306'],
    lights: { front: [88, 302], rear: [712, 298] },
    detail:
      '<path d="M560 262 Q592 236 640 264 Z" fill="#26282c"/><path d="M392 262 Q400 230 424 228 Q440 232 440 262 Z" fill="#3a3d42"/>',
  },
};

const MOTORCYCLE: VehicleShape = {
  body: 'M316 194 Q362 150 440 164 L456 206 Q384 218 322 216 Z M556 182 L624 168 L612 196 L574 202 Z',
  windows: [],
  wheels: [
    [230, 330],
    [570, 330],
  ],
  radius: 70,
  lines: [],
  lights: { front: [300, 168], rear: [618, 182] },
  detail: [
    '<path d="M570 330 L424 300" stroke="#3b3f45" stroke-width="14" stroke-linecap="round"/>',
    '<path d="M230 330 L302 176" stroke="#b8bec6" stroke-width="12" stroke-linecap="round"/>',
    '<path d="M306 190 L424 214 L444 302 L352 306 Z" fill="none" stroke="#2e3136" stroke-width="10" stroke-linejoin="round"/>',
    '<rect x="340" y="236" width="112" height="72" rx="12" fill="#5a5f66"/>',
    '<path d="M352 252 H440 M352 266 H440 M352 280 H440" stroke="#7d838b" stroke-width="4"/>',
    '<path d="M420 322 L604 300" stroke="#a3aab3" stroke-width="14" stroke-linecap="round"/>',
    '<path d="M440 170 L560 180 Q586 184 580 200 L456 206 Z" fill="#1f2023"/>',
    '<path d="M300 158 L334 132" stroke="#2e3136" stroke-width="8" stroke-linecap="round"/>',
    '<path d="M172 306 Q230 236 288 306" fill="none" stroke="{paint}" stroke-width="12" stroke-linecap="round"/>',
  ].join(''),
};

const CARAVAN: VehicleShape = {
  body: 'M140 340 L140 152 Q140 118 180 116 L660 116 Q700 116 706 150 L712 340 Q712 352 700 352 L152 352 Q140 352 140 340 Z',
  windows: ['M196 162 h150 v70 h-150 Z', 'M488 162 h160 v70 h-160 Z', 'M392 186 h50 v40 h-50 Z'],
  wheels: [
    [430, 356],
    [522, 356],
  ],
  radius: 38,
  lines: ['M380 170 h74 v176 h-74 Z', 'M150 132 L700 132'],
  lights: { front: [146, 320], rear: [708, 320] },
  detail: [
    '<path d="M140 268 L710 268 L711 300 L140 300 Z" fill="{stripe}"/>',
    '<path d="M140 306 L711 306 L711 314 L140 314 Z" fill="{stripe}" opacity=".6"/>',
    '<path d="M140 330 L44 352 L140 346" fill="none" stroke="#3b3f45" stroke-width="8" stroke-linejoin="round"/>',
    '<path d="M70 352 L70 372" stroke="#3b3f45" stroke-width="6"/><circle cx="70" cy="380" r="10" fill="#1f2023"/>',
  ].join(''),
};

/** The shape for a picture body. */
export function shapeOf(body: ImageBody): VehicleShape {
  if (body === 'motorcycle') return MOTORCYCLE;
  if (body === 'caravan') return CARAVAN;
  return CAR_SHAPES[body];
}
