module example.com/testfiles

go 1.22
