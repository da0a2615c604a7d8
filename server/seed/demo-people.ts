import {
  SECOND_FACTOR_ROLES,
  type Locale,
  type ProfileKind,
  type Role,
} from '../../domain/constants.ts';
import {
  assignments,
  legalRepresentatives,
  profiles,
  secondFactors,
  units,
  users,
} from '../db/schema/index.ts';
import { DEMO_LOGINS, DEMO_TOTP_SECRET } from './demo-logins.ts';
import type { SeedContext, SeedStep } from './steps.ts';

/** Three units in three language regions, with the staff and thirty students of a school year. */

const UNITS: { name: string; code: string; language: Locale }[] = [
  { name: 'Centre de cours interentreprises Lausanne', code: 'CIE-LAU', language: 'fr' },
  { name: 'Berufsfachschule Zürich', code: 'BFS-ZH', language: 'de' },
  { name: 'Centro professionale Bellinzona', code: 'CP-BEL', language: 'it' },
];

interface StaffMember {
  name: string;
  role: Role;
  /** indexes into UNITS; empty for ADMIN */
  units: number[];
  /** the demo login of this role, if this person has it */
  login?: boolean;
}

const STAFF: StaffMember[] = [
  { name: 'Christine Perret', role: 'ADMIN', units: [], login: true },
  { name: 'Sophie Berset', role: 'UNIT_ADMIN', units: [0, 1], login: true },
  { name: 'Marco Ghisletta', role: 'UNIT_ADMIN', units: [2] },
  { name: 'Pierre-Alain Gilliéron', role: 'COURSE_MANAGER', units: [0], login: true },
  { name: 'Daniel Schneider', role: 'COURSE_MANAGER', units: [1] },
  { name: 'Francesca Rusconi', role: 'COURSE_MANAGER', units: [2] },
  { name: 'Nathalie Vuilleumier', role: 'INSTRUCTOR', units: [0], login: true },
  { name: 'Olivier Jaccard', role: 'INSTRUCTOR', units: [0] },
  { name: 'Andrea Weber', role: 'INSTRUCTOR', units: [1] },
  { name: 'Thomas Zürcher', role: 'INSTRUCTOR', units: [1] },
  { name: 'Paolo Galli', role: 'INSTRUCTOR', units: [2] },
  { name: 'Elena Pellandini', role: 'INSTRUCTOR', units: [2] },
  { name: 'Marc Reymond', role: 'ENTERPRISE_INSTRUCTOR', units: [0], login: true },
  { name: 'Claudia Graf', role: 'ENTERPRISE_INSTRUCTOR', units: [1] },
  { name: 'Roberto Delcò', role: 'ENTERPRISE_INSTRUCTOR', units: [2] },
];

/** Students per unit: name and age in years; the first of Lausanne holds the demo login. */
const STUDENTS: [string, number][][] = [
  [
    ['Julien Morel', 16],
    ['Camille Morel', 15],
    ['Léa Favre', 17],
    ['Noah Rochat', 19],
    ['Chloé Bonvin', 16],
    ['Mathis Cuendet', 18],
    ['Emma Jaquier', 17],
    ['Zoé Perrin', 20],
    ['Nathan Dubois', 16],
    ['Inès Monnier', 22],
    ['Théo Chappuis', 17],
    ['Manon Python', 18],
  ],
  [
    ['Lea Müller', 16],
    ['Noah Keller', 17],
    ['Mia Brunner', 19],
    ['Luca Baumann', 16],
    ['Lara Meier', 18],
    ['Jonas Frei', 17],
    ['Nina Huber', 21],
    ['Elias Steiner', 16],
    ['Alina Schmid', 17],
    ['Levin Gerber', 19],
  ],
  [
    ['Giulia Bernasconi', 16],
    ['Matteo Rossi', 18],
    ['Sofia Pedrazzini', 17],
    ['Alessandro Cattaneo', 20],
    ['Chiara Ferrari', 16],
    ['Leonardo Fumagalli', 17],
    ['Aurora Bianchi', 19],
    ['Nicolò Moretti', 15],
  ],
];

const KINDS: ProfileKind[] = [
  'FEDERAL_VET_DIPLOMA_3_YEARS',
  'FEDERAL_VET_DIPLOMA_3_YEARS',
  'FEDERAL_VET_DIPLOMA_2_YEARS',
  'FEDERAL_VET_DIPLOMA_3_YEARS',
  'FEDERAL_VET_CERTIFICATE',
  'OTHER',
];

/** First names of the parents who represent the minors, by language. */
const PARENT_NAMES: Record<Locale, string[]> = {
  fr: ['Isabelle', 'Laurent', 'Valérie', 'Philippe', 'Sandrine', 'Stéphane', 'Carole'],
  de: ['Barbara', 'Martin', 'Ursula', 'Beat', 'Monika', 'Reto', 'Regula'],
  it: ['Patrizia', 'Claudio', 'Daniela', 'Fabio', 'Manuela', 'Sergio'],
};

/** The demo legal representative is the mother of the two Morel minors in Lausanne. */
const DEMO_PARENT = { name: 'Isabelle Morel', lastName: 'Morel' };

export const demoPeople: SeedStep = {
  name: 'people',
  async run(context) {
    const { tx, world } = context;
    for (const unit of UNITS) {
      const [row] = await tx.insert(units).values({ name: unit.name, code: unit.code }).returning();
      world.units.push({ ...row!, language: unit.language });
    }
    const emails = new EmailBook();
    for (const member of STAFF) await addStaff(context, member, emails);
    const demoParent = await addPerson(context, {
      name: DEMO_PARENT.name,
      language: 'fr',
      email: loginEmail('LEGAL_REPRESENTATIVE'),
      login: 'LEGAL_REPRESENTATIVE',
      roles: [{ role: 'LEGAL_REPRESENTATIVE', unitId: world.units[0]!.id }],
    });
    let parentIndex = 0;
    for (const [unitIndex, list] of STUDENTS.entries()) {
      const unit = world.units[unitIndex]!;
      for (const [index, [name, age]] of list.entries()) {
        const demo = unitIndex === 0 && index === 0;
        const student = await addPerson(context, {
          name,
          language: unit.language,
          email: demo ? loginEmail('STUDENT') : emails.next(name),
          login: demo ? 'STUDENT' : undefined,
          roles: [{ role: 'STUDENT', unitId: unit.id }],
          kind: KINDS[(unitIndex + index) % KINDS.length],
          birthDate: birthDate(context.now, age, index),
        });
        const minor = age < 18;
        world.students.push({ ...student, unitId: unit.id, minor });
        if (!minor) continue;
        const lastName = name.split(' ').slice(1).join(' ');
        let parent = demoParent;
        if (lastName !== DEMO_PARENT.lastName) {
          const names = PARENT_NAMES[unit.language];
          const parentName = `${names[parentIndex++ % names.length]} ${lastName}`;
          parent = await addPerson(context, {
            name: parentName,
            language: unit.language,
            email: emails.next(parentName),
            roles: [{ role: 'LEGAL_REPRESENTATIVE', unitId: unit.id }],
          });
        }
        await tx
          .insert(legalRepresentatives)
          .values({ studentId: student.profileId, representativeId: parent.profileId });
      }
    }
  },
};

async function addStaff(context: SeedContext, member: StaffMember, emails: EmailBook) {
  const unitIds = member.units.map((i) => context.world.units[i]!.id);
  const language = member.units.length ? UNITS[member.units[0]!]!.language : 'fr';
  const person = await addPerson(context, {
    name: member.name,
    language,
    email: member.login ? loginEmail(member.role) : emails.next(member.name),
    login: member.login ? member.role : undefined,
    roles: unitIds.length
      ? unitIds.map((unitId) => ({ role: member.role, unitId }))
      : [{ role: member.role, unitId: null }],
  });
  for (const unitId of unitIds) context.world.staff.push({ ...person, role: member.role, unitId });
}

interface NewPerson {
  name: string;
  language: Locale;
  email: string;
  /** the role whose demo login this person holds */
  login?: Role;
  roles: { role: Role; unitId: number | null }[];
  kind?: ProfileKind;
  birthDate?: string;
}

async function addPerson(context: SeedContext, person: NewPerson) {
  const { tx } = context;
  const [firstName, ...rest] = person.name.split(' ');
  const login = DEMO_LOGINS.find((l) => l.role === person.login);
  const user = login
    ? (
        await tx
          .insert(users)
          .values({
            email: login.email,
            passwordHash: context.demoPasswordHash,
            language: person.language,
            dataProcessingAcceptedAt: login.dataProcessingAccepted ? context.now : null,
          })
          .returning({ id: users.id })
      )[0]!
    : undefined;
  if (user && login && SECOND_FACTOR_ROLES.includes(login.role))
    await tx.insert(secondFactors).values({
      userId: user.id,
      kind: 'TOTP',
      label: 'Demo',
      totpSecret: DEMO_TOTP_SECRET,
    });
  const [profile] = await tx
    .insert(profiles)
    .values({
      firstName: firstName!,
      lastName: rest.join(' '),
      email: person.email,
      language: person.language,
      kind: person.kind ?? null,
      birthDate: person.birthDate ?? null,
      userId: user?.id ?? null,
    })
    .returning({ id: profiles.id });
  for (const role of person.roles) {
    await tx.insert(assignments).values({ profileId: profile!.id, ...role });
  }
  return { profileId: profile!.id, userId: user?.id ?? null };
}

function loginEmail(role: Role): string {
  return DEMO_LOGINS.find((l) => l.role === role)!.email;
}

/** firstname.lastname@example.ch without accents, unique within the seed. */
class EmailBook {
  private readonly used = new Set<string>();
  next(name: string): string {
    const base = name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]+/g, '.');
    let email = `${base}@example.ch`;
    for (let n = 2; this.used.has(email); n++) email = `${base}${n}@example.ch`;
    this.used.add(email);
    return email;
  }
}

/** An ISO date that makes the person exactly `age` years old today (spread over the year). */
function birthDate(now: Date, age: number, index: number): string {
  const date = new Date(
    Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate() - 20 - index * 23),
  );
  return date.toISOString().slice(0, 10);
}
