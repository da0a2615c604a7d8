import pg from 'pg';
import { generate } from './generate.ts';
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
await admin.query('drop database if exists atrisk_probe');
await admin.query('create database atrisk_probe');
await admin.end();
const d = await generate('postgres://postgres@127.0.0.1:5432/atrisk_probe', 1);
console.log(JSON.stringify(d));
