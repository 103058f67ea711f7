import type { LanguageId } from './languages';

/**
 * Ordinary short pastes of each language, with what detection named before its sample was
 * bounded: bounding it must not change these.
 */
export const ORDINARY_SAMPLES: Array<[name: string, expected: LanguageId | null, code: string]> = [
  [
    'bash',
    'bash',
    `#!/usr/bin/env bash
set -euo pipefail
for file in "$@"; do
  if [[ -f "$file" ]]; then
    echo "compressing $file"
    gzip -9 "$file"
  fi
done
export PATH="$HOME/bin:$PATH"
`,
  ],
  [
    'c',
    // highlight.js scores plain C the same as C++, which comes first in the detection order.
    'cpp',
    `#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    char *buffer = malloc(256);
    if (buffer == NULL) {
        fprintf(stderr, "out of memory\\n");
        return 1;
    }
    printf("%s\\n", argv[0]);
    free(buffer);
    return 0;
}
`,
  ],
  [
    'cpp',
    'cpp',
    `#include <iostream>
#include <vector>

template <typename T>
class Stack {
public:
    void push(const T& value) { items_.push_back(value); }
    T pop() { T top = items_.back(); items_.pop_back(); return top; }
private:
    std::vector<T> items_;
};

int main() {
    Stack<int> s;
    s.push(42);
    std::cout << s.pop() << std::endl;
}
`,
  ],
  [
    'csharp',
    'csharp',
    `using System;
using System.Collections.Generic;

namespace Shop
{
    public class Cart
    {
        private readonly List<decimal> _prices = new List<decimal>();
        public void Add(decimal price) => _prices.Add(price);
        public decimal Total()
        {
            decimal sum = 0m;
            foreach (var p in _prices) sum += p;
            return sum;
        }
    }
}
`,
  ],
  [
    'css',
    'css',
    `body {
  margin: 0;
  font-family: system-ui, sans-serif;
}

.card > .title:hover {
  color: #336699;
  border-bottom: 1px solid rgba(0, 0, 0, 0.2);
}

@media (max-width: 600px) {
  .card { padding: 8px; }
}
`,
  ],
  [
    'diff',
    'diff',
    `diff --git a/src/app.ts b/src/app.ts
index 3b18e51..a9c4f2d 100644
--- a/src/app.ts
+++ b/src/app.ts
@@ -1,5 +1,6 @@
 import { start } from './server';
-const port = 3000;
+const port = Number(process.env.PORT ?? 3000);
+const host = '127.0.0.1';
 start(port);
`,
  ],
  [
    'dockerfile',
    'dockerfile',
    `FROM node:20-slim
WORKDIR /app
COPY package*.json ./
RUN npm ci --omit=dev
COPY . .
ENV NODE_ENV=production
EXPOSE 3000
CMD ["node", "dist/server.js"]
`,
  ],
  [
    'go',
    'go',
    `package main

import (
	"fmt"
	"net/http"
)

func handler(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintf(w, "hello, %s", r.URL.Path[1:])
}

func main() {
	http.HandleFunc("/", handler)
	http.ListenAndServe(":8080", nil)
}
`,
  ],
  [
    'xml',
    'xml',
    `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Home</title>
  </head>
  <body>
    <ul class="menu">
      <li><a href="/about">About</a></li>
    </ul>
  </body>
</html>
`,
  ],
  [
    'ini',
    'ini',
    `[server]
host = 127.0.0.1
port = 8080

[database]
url = "postgres://localhost/app"
pool_size = 10
ssl = false
`,
  ],
  [
    'java',
    'java',
    `package com.example;

import java.util.ArrayList;
import java.util.List;

public class Inventory {
    private final List<String> items = new ArrayList<>();

    public void add(String item) {
        items.add(item);
    }

    public static void main(String[] args) {
        Inventory inv = new Inventory();
        inv.add("apple");
        System.out.println(inv.items.size());
    }
}
`,
  ],
  [
    'javascript',
    'javascript',
    `import { readFile } from 'node:fs/promises';

export async function loadConfig(path) {
  const text = await readFile(path, 'utf8');
  const config = JSON.parse(text);
  if (!config.name) {
    throw new Error('config needs a name');
  }
  return config;
}
`,
  ],
  [
    'json',
    'json',
    `{
  "name": "pasteshare",
  "version": "1.0.0",
  "private": true,
  "scripts": { "build": "vite build", "test": "vitest run" },
  "tags": ["paste", "share"],
  "count": 42,
  "enabled": false
}
`,
  ],
  [
    'kotlin',
    'kotlin',
    `package demo

data class User(val name: String, val age: Int)

fun main() {
    val users = listOf(User("Ann", 31), User("Bob", 25))
    val adults = users.filter { it.age >= 18 }
    for (user in adults) {
        println("\${user.name} is \${user.age}")
    }
}
`,
  ],
  [
    'markdown',
    'markdown',
    `# Project notes

Some **bold** text and a [link](https://example.com).

## Steps

1. Install the tools
2. Run the build
- item one
- item two

> A quote to remember.
`,
  ],
  [
    'php',
    'php',
    `<?php
namespace App;

class Greeter
{
    public function greet(string $name): string
    {
        return "Hello, " . htmlspecialchars($name);
    }
}

$greeter = new Greeter();
echo $greeter->greet($_GET['name'] ?? 'world');
`,
  ],
  [
    'python',
    'python',
    `import os
from pathlib import Path


def list_large_files(root, limit=1024):
    """Yield files bigger than limit bytes."""
    for path in Path(root).rglob("*"):
        if path.is_file() and path.stat().st_size > limit:
            yield path


if __name__ == "__main__":
    for p in list_large_files(os.getcwd()):
        print(p)
`,
  ],
  [
    'ruby',
    'ruby',
    `require 'json'

class Order
  attr_reader :items

  def initialize
    @items = []
  end

  def add(name, price)
    @items << { name: name, price: price }
    self
  end

  def total
    @items.sum { |i| i[:price] }
  end
end

puts Order.new.add('tea', 3).total
`,
  ],
  [
    'rust',
    'rust',
    `use std::collections::HashMap;

fn count_words(text: &str) -> HashMap<&str, usize> {
    let mut counts = HashMap::new();
    for word in text.split_whitespace() {
        *counts.entry(word).or_insert(0) += 1;
    }
    counts
}

fn main() {
    let counts = count_words("a b a");
    println!("{:?}", counts);
}
`,
  ],
  [
    'sql',
    'sql',
    `SELECT u.id, u.username, COUNT(p.id) AS paste_count
FROM users u
LEFT JOIN pastes p ON p.user_id = u.id
WHERE u.created_at > '2024-01-01'
GROUP BY u.id, u.username
HAVING COUNT(p.id) > 5
ORDER BY paste_count DESC
LIMIT 10;
`,
  ],
  [
    'swift',
    'swift',
    `import Foundation

struct Point {
    var x: Double
    var y: Double
}

func distance(_ a: Point, _ b: Point) -> Double {
    let dx = a.x - b.x
    let dy = a.y - b.y
    return sqrt(dx * dx + dy * dy)
}

let origin = Point(x: 0, y: 0)
print(distance(origin, Point(x: 3, y: 4)))
`,
  ],
  [
    'typescript',
    'typescript',
    `interface User {
  id: number;
  name: string;
  email?: string;
}

export function findUser(users: User[], id: number): User | undefined {
  return users.find((u) => u.id === id);
}

type Role = 'admin' | 'user';
const roles: Record<Role, number> = { admin: 1, user: 2 };
`,
  ],
  [
    'yaml',
    'yaml',
    `name: ci
on:
  push:
    branches: [main]
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: npm ci
      - run: npm test
`,
  ],
  [
    'prose',
    null,
    `Dear team,

thanks for the meeting yesterday. I think we agreed that the release moves to next week
and that everyone checks their own part before Friday. Let me know if I missed anything.

Best regards
`,
  ],
  [
    'log',
    null,
    `2026-11-24 11:02:13,481 INFO  [main] o.a.c.http.Http11NioProtocol - Starting ProtocolHandler ["http-nio-8080"]
2026-11-24 11:02:13,502 INFO  [main] o.s.b.w.e.tomcat.TomcatWebServer - Tomcat started on port(s): 8080 (http) with context path ''
2026-11-24 11:02:13,517 WARN  [main] c.e.app.Application - Started Application in 4.12 seconds (JVM running for 4.9)
2026-11-24 11:02:14,001 ERROR [http-nio-8080-exec-1] c.e.app.web.ErrorHandler - Request failed: GET /api/orders/42 -> 500
Nov 24 11:02:15 web-1 sshd[1234]: Accepted publickey for deploy from 10.0.0.5 port 50522 ssh2
Nov 24 11:02:15 web-1 systemd[1]: Started Session 42 of user deploy.
`,
  ],
  [
    'python traceback',
    'python',
    `Traceback (most recent call last):
  File "/srv/app/manage.py", line 22, in <module>
    main()
  File "/srv/app/manage.py", line 18, in main
    execute_from_command_line(sys.argv)
django.db.utils.OperationalError: no such table: orders_order
`,
  ],
];
